/**
 * HubSpot's merge. Contacts and companies come out as a new record with a new id, and both
 * old ids keep resolving to it; deals and tickets keep the primary's id. The primary's values
 * win and its blanks are filled from the other record, except where HubSpot documents its own
 * rule: the other email (domain) joins the additional emails (domains), the earliest create
 * date stays, and the lifecycle stage furthest down the funnel stays.
 */
import { HubSpotHttpError, errorBody, notFound, validationError } from './hubspot-errors';
import { propertyDefinition } from '../../src/synthetic-crm';
import { RecordState, type RecordStore } from './record-store';

/** A contact that has been part of this many merges cannot be merged again. */
export const CONTACT_MERGE_CAP = 250;

export interface MergeContext {
  now: number;
  /** HubSpot refuses company merges while a Salesforce integration is installed. */
  salesforceIntegration: boolean;
}

/** Merges and answers the slot of the merged record. */
export function mergeRecords(store: RecordStore, primaryIdText: string, otherIdText: string, context: MergeContext): number {
  const primary = store.resolve(primaryIdText);
  const other = store.resolve(otherIdText);
  const missing = [
    ...(primary < 0 || store.stateOf(primary) !== RecordState.Live ? [primaryIdText] : []),
    ...(other < 0 || store.stateOf(other) !== RecordState.Live ? [otherIdText] : []),
  ];
  if (missing.length > 0) throw notFound(`Could not find ${store.type} to merge: ${missing.join(', ')}`, { ids: missing });
  if (primary === other) throw validationError(`Cannot merge ${primaryIdText} with ${otherIdText}: they are the same record.`);
  if (store.type === 'companies' && context.salesforceIntegration) {
    throw validationError('Companies cannot be merged while the Salesforce integration is installed.');
  }
  if (store.type === 'contacts') {
    for (const slot of [primary, other]) {
      if (store.mergeCountOf(slot) >= CONTACT_MERGE_CAP) {
        throw new HubSpotHttpError(
          400,
          errorBody(`Contact ${store.idOf(slot)} has been part of ${CONTACT_MERGE_CAP} merges and cannot be merged again.`, 'VALIDATION_ERROR', {
            subCategory: 'MERGE_LIMIT_REACHED',
          }),
        );
      }
    }
  }

  const values = mergedValues(store, primary, other);
  const mergeCount = store.mergeCountOf(primary) + store.mergeCountOf(other) + 1;
  const createdAt = Math.min(store.createdAtOf(primary), store.createdAtOf(other));
  const mergedIds = new Set([...idList(store, primary), ...idList(store, other), String(store.idOf(other))]);

  if (store.type === 'contacts' || store.type === 'companies') {
    mergedIds.add(String(store.idOf(primary)));
    const merged = store.append({ createdAt, updatedAt: context.now, properties: {}, entity: store.entityOf(primary) });
    writeValues(store, merged, values, mergedIds, mergeCount);
    store.markMergedAway(primary, store.idOf(merged));
    store.markMergedAway(other, store.idOf(merged));
    return merged;
  }

  store.markMergedAway(other, store.idOf(primary));
  store.set(primary, 'createdate', String(createdAt));
  writeValues(store, primary, values, mergedIds, mergeCount);
  store.touch(primary, context.now);
  return primary;
}

function writeValues(store: RecordStore, slot: number, values: Map<string, string | null>, mergedIds: Set<string>, mergeCount: number): void {
  for (const [name, value] of values) store.set(slot, name, value);
  store.set(slot, 'hs_merged_object_ids', [...mergedIds].sort((a, b) => Number(a) - Number(b)).join(';'));
  store.setMergeCount(slot, mergeCount);
}

function idList(store: RecordStore, slot: number): string[] {
  return store.get(slot, 'hs_merged_object_ids')?.split(';').filter(Boolean) ?? [];
}

function mergedValues(store: RecordStore, primary: number, other: number): Map<string, string | null> {
  const values = new Map<string, string | null>();
  const names = new Set([...store.propertiesWithValues(primary), ...store.propertiesWithValues(other)]);
  for (const name of names) {
    if (store.isDerived(name) || name === 'hs_merged_object_ids') continue;
    values.set(name, store.get(primary, name) ?? store.get(other, name));
  }
  if (store.type === 'contacts') addToList(values, 'hs_additional_emails', store.get(primary, 'email'), [store.get(other, 'email'), store.get(other, 'hs_additional_emails')]);
  if (store.type === 'companies') addToList(values, 'hs_additional_domains', store.get(primary, 'domain'), [store.get(other, 'domain'), store.get(other, 'hs_additional_domains')]);
  const stage = furthestStage(store, store.get(primary, 'lifecyclestage'), store.get(other, 'lifecyclestage'));
  if (stage !== null) values.set('lifecyclestage', stage);
  return values;
}

/** Adds the other record's values to a `;` list, leaving out the one the merged record keeps. */
function addToList(values: Map<string, string | null>, name: string, kept: string | null, additions: (string | null)[]): void {
  const list = (values.get(name) ?? '').split(';').filter(Boolean);
  const seen = new Set(list.map((value) => value.toLowerCase()));
  if (kept) seen.add(kept.toLowerCase());
  for (const value of additions.flatMap((text) => text?.split(';') ?? [])) {
    if (value && !seen.has(value.toLowerCase())) {
      seen.add(value.toLowerCase());
      list.push(value);
    }
  }
  values.set(name, list.length > 0 ? list.join(';') : null);
}

function furthestStage(store: RecordStore, a: string | null, b: string | null): string | null {
  const order = propertyDefinition(store.type, 'lifecyclestage')?.options.map((option) => option.value);
  if (!order || a === null || b === null) return a ?? b;
  return order.indexOf(b) > order.indexOf(a) ? b : a;
}
