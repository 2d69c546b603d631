import type { MergePlan, MergePlanField, PrimaryRule } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import { type HubSpotRecord, lastModifiedProperty, type PropertyInfo } from '../hubspot';
import { labelsFor, type ValueLabels } from '../../../shared/value-labels';

/** A merge as planned: what the preview shows, and what the merge job writes and checks. */
export interface BuiltPlan extends Omit<MergePlan, 'groupId' | 'objectType' | 'alreadyMerged'> {
  /** The other records in the order they are merged into the primary. */
  order: string[];
  /** Values written to the primary before the first merge, so the merged record ends up as planned. */
  writes: Record<string, string | null>;
  /** The primary's values of those properties before the write. */
  previous: Record<string, string | null>;
  /** Opt-outs the merged record must show afterwards. */
  consentValues: Record<string, string>;
}

export interface PlanInput {
  objectType: ObjectType;
  /** The group's records as HubSpot has them now, each once. */
  records: readonly HubSpotRecord[];
  properties: readonly PropertyInfo[];
  primaryRule: PrimaryRule;
  /** A primary picked by hand. */
  primaryId?: string | undefined;
  /** Property -> record whose value survives. */
  fieldChoices?: Readonly<Record<string, string>>;
  /** The portal's cached names for owner and stage ids (property-labels.ts); option labels come with `properties`. */
  labels?: ValueLabels;
}

/** The request itself is wrong (a primary or a choice that is not in the group). */
export class PlanInputError extends Error {
  override name = 'PlanInputError';
}

/** Properties a merge never sets: HubSpot keeps them itself. */
const SYSTEM_PROPERTIES = new Set(['hs_object_id', 'hs_merged_object_ids', 'createdate', 'hs_createdate']);
/** The unique value HubSpot keeps from the primary, and the list the others' values join. */
const PRIMARY_LISTS: Partial<Record<ObjectType, { property: string; list: string; noun: string }>> = {
  contacts: { property: 'email', list: 'hs_additional_emails', noun: 'emails' },
  companies: { property: 'domain', list: 'hs_additional_domains', noun: 'domains' },
};
const OWNER = 'hubspot_owner_id';

/** Email opt-outs: unsubscribed from all email, and from each subscription type (contacts). */
export function isConsentProperty(objectType: ObjectType, name: string): boolean {
  return objectType === 'contacts' && (name === 'hs_email_optout' || name.startsWith('hs_email_optout_'));
}

const isOptOut = (value: string | null | undefined) => value?.trim().toLowerCase() === 'true';
const blank = (value: string | null | undefined): value is null | undefined | '' => value === null || value === undefined || value.trim() === '';

/**
 * Plans the merge of a group: the primary (by the rule or by hand), the order the others are
 * merged in, each property's surviving value, every value lost, and the opt-outs kept.
 * Pure: the preview and the merge job build the same plan from the same records.
 */
export function buildMergePlan(input: PlanInput): BuiltPlan {
  const { objectType, records } = input;
  if (records.length < 2) throw new PlanInputError('A merge needs at least two records.');
  const byId = new Map(records.map((r) => [r.id, r]));
  const catalog = new Map(input.properties.map((p) => [p.name, p]));
  const lastModified = lastModifiedProperty(objectType);
  const present = new Set(records.flatMap((r) => Object.keys(r.properties).filter((name) => !blank(r.properties[name]))));
  const consentProperties = [...present].filter((name) => isConsentProperty(objectType, name)).sort();
  const filled = (record: HubSpotRecord) =>
    Object.entries(record.properties).filter(([name, value]) => !blank(value) && !SYSTEM_PROPERTIES.has(name) && name !== lastModified && !catalog.get(name)?.readOnly).length;

  // A read-only opt-out (as HubSpot's are) stays only if the primary has it: HubSpot keeps the primary's subscription state.
  const fixedOptOuts = consentProperties.filter((name) => catalog.get(name)?.readOnly !== false && records.some((r) => isOptOut(r.properties[name])));
  const keepsOptOuts = (record: HubSpotRecord) => fixedOptOuts.every((name) => isOptOut(record.properties[name]));
  const ranked = rankRecords(records, input.primaryRule, filled);
  const suggested = ranked.find(keepsOptOuts) ?? ranked[0]!;
  if (input.primaryId !== undefined && !byId.has(input.primaryId)) throw new PlanInputError(`Record ${input.primaryId} is not one of this group's records.`);
  const primary = input.primaryId !== undefined ? byId.get(input.primaryId)! : suggested;
  const others = ranked.filter((r) => r.id !== primary.id);
  const mergeOrder = [primary, ...others];
  const blockers: string[] = [];
  if (!keepsOptOuts(primary)) {
    const optedOut = records.filter((r) => fixedOptOuts.some((name) => isOptOut(r.properties[name])));
    blockers.push(
      ranked.some(keepsOptOuts)
        ? `${optedOut.map((r) => recordLabel(objectType, r)).join(', ')} opted out of email. HubSpot keeps the primary's subscription state and does not let apps change it, so choose a record that opted out as the primary.`
        : 'The records opted out of different email subscriptions, and HubSpot keeps only the primary\'s. Merge them in HubSpot by hand, or update their subscriptions first.',
    );
  }

  const fields: MergePlanField[] = [];
  const label = (name: string) => catalog.get(name)?.label ?? name;
  const candidatesOf = (name: string) => {
    const sources = new Map<string, string[]>();
    for (const record of mergeOrder) {
      const value = record.properties[name];
      if (blank(value)) continue;
      sources.set(value, [...(sources.get(value) ?? []), record.id]);
    }
    return [...sources].map(([value, recordIds]) => ({ value, recordIds }));
  };
  const field = (name: string, rule: MergePlanField['rule'], survivor: MergePlanField['survivor'], choosable: boolean, note: string | null, keptElsewhere = false): MergePlanField => {
    const candidates = candidatesOf(name);
    const lost = keptElsewhere ? [] : candidates.filter((c) => c.value !== survivor.value);
    return { property: name, label: label(name), rule, candidates, survivor, lost, choosable, note };
  };

  const lists = PRIMARY_LISTS[objectType];
  const shown = new Set([...present].filter((name) => name === 'createdate' || (name !== lastModified && !SYSTEM_PROPERTIES.has(name))));
  // The others' emails (domains) join the list even when no record had one yet.
  if (lists && candidatesOf(lists.property).length > 1) shown.add(lists.list);
  const names = [...shown].sort();
  for (const name of names) {
    if (consentProperties.includes(name)) {
      const from = mergeOrder.find((r) => isOptOut(r.properties[name]));
      fields.push(field(name, 'consent', from ? { value: from.properties[name]!, recordId: from.id } : firstValue(mergeOrder, name), false, from ? 'An opt-out on any record is kept.' : null));
    } else if (lists && name === lists.property) {
      fields.push(field(name, 'primary', firstValue(mergeOrder, name), false, `HubSpot keeps the primary's ${name} and adds the others to additional ${lists.noun}. Choose the primary to choose the ${name}.`, true));
    } else if (lists && name === lists.list) {
      fields.push(field(name, 'computed', { value: additionalList(mergeOrder, lists.property, lists.list), recordId: null }, false, `HubSpot lists the other records' ${lists.noun} here.`, true));
    } else if (name === 'lifecyclestage') {
      fields.push(field(name, 'furthest-stage', furthestStage(mergeOrder, catalog.get(name)?.options ?? []), false, 'HubSpot keeps the stage furthest down the funnel.'));
    } else if (name === 'createdate') {
      fields.push(field(name, 'earliest', earliest(mergeOrder, name), false, 'HubSpot keeps the earliest create date.'));
    } else if (!catalog.get(name)?.readOnly) {
      fields.push(field(name, 'choice', firstValue(mergeOrder, name), true, null));
    }
  }

  for (const [name, recordId] of Object.entries(input.fieldChoices ?? {})) {
    const index = fields.findIndex((f) => f.property === name);
    const planned = fields[index];
    if (!planned) throw new PlanInputError(`No record of this group has a value for ${name}.`);
    if (!planned.choosable) throw new PlanInputError(`${planned.label} (${name}) cannot be chosen: ${planned.note ?? 'HubSpot sets it.'}`);
    const record = byId.get(recordId);
    if (!record) throw new PlanInputError(`Record ${recordId} is not one of this group's records.`);
    const value = record.properties[name];
    if (blank(value)) throw new PlanInputError(`Record ${recordId} has no value for ${planned.label} (${name}).`);
    fields[index] = { ...planned, survivor: { value, recordId }, lost: planned.candidates.filter((c) => c.value !== value) };
  }

  const writes: Record<string, string | null> = {};
  const previous: Record<string, string | null> = {};
  for (const f of fields) {
    const writable = f.rule === 'choice' || (f.rule === 'consent' && catalog.get(f.property)?.readOnly === false);
    const current = blank(primary.properties[f.property]) ? null : primary.properties[f.property]!;
    if (writable && f.survivor.value !== null && f.survivor.value !== current) {
      writes[f.property] = f.survivor.value;
      previous[f.property] = current;
    }
  }
  const consent = fields.filter((f) => f.rule === 'consent' && isOptOut(f.survivor.value));
  const recordOrder = new Map(mergeOrder.map((r, i) => [r.id, i]));

  return {
    primaryRule: input.primaryRule,
    primaryId: primary.id,
    suggestedPrimaryId: suggested.id,
    order: others.map((r) => r.id),
    records: records
      .map((r) => ({
        id: r.id,
        label: recordLabel(objectType, r),
        isPrimary: r.id === primary.id,
        order: recordOrder.get(r.id)!,
        createdAt: validIso(r.createdAt),
        updatedAt: validIso(r.updatedAt),
        filledProperties: filled(r),
        hasOwner: !blank(r.properties[OWNER]),
        optedOut: consentProperties.some((name) => isOptOut(r.properties[name])),
      }))
      .sort((a, b) => a.order - b.order),
    fields,
    result: Object.fromEntries(fields.map((f) => [f.property, f.survivor.value])),
    lostValues: fields.flatMap((f) => f.lost.map((l) => ({ property: f.property, label: f.label, value: l.value, recordIds: l.recordIds }))),
    consent: consent.map((f) => ({ property: f.property, label: f.label, value: f.survivor.value!, fromRecordIds: f.candidates.filter((c) => isOptOut(c.value)).flatMap((c) => c.recordIds) })),
    steps: [
      ...(Object.keys(writes).length > 0
        ? [{ kind: 'update' as const, recordId: primary.id, description: `Write ${Object.keys(writes).length} chosen value${Object.keys(writes).length === 1 ? '' : 's'} to ${recordLabel(objectType, primary)} (${primary.id})` }]
        : []),
      ...others.map((r) => ({ kind: 'merge' as const, recordId: r.id, description: `Merge ${recordLabel(objectType, r)} (${r.id}) into the primary` })),
    ],
    blockers,
    valueLabels: labelsFor(planLabels(input), records),
    writes,
    previous,
    consentValues: Object.fromEntries(consent.map((f) => [f.property, f.survivor.value!])),
  };
}

/** Option labels from the live catalog, then the cached labels over them (owners and stages come from their own APIs). */
function planLabels(input: PlanInput): ValueLabels {
  const labels: ValueLabels = {};
  for (const property of input.properties) if (property.optionLabels) labels[property.name] = { ...property.optionLabels };
  for (const [property, values] of Object.entries(input.labels ?? {})) labels[property] = { ...labels[property], ...values };
  return labels;
}

/** Records best first by the rule; ties go to the more complete, then the more recently updated, then the lower id. */
export function rankRecords(records: readonly HubSpotRecord[], rule: PrimaryRule, filled: (record: HubSpotRecord) => number): HubSpotRecord[] {
  const time = (date: Date) => (Number.isNaN(date.getTime()) ? 0 : date.getTime());
  const created = (r: HubSpotRecord) => {
    const value = r.properties.createdate;
    const parsed = blank(value) ? Number.NaN : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    return Number.isNaN(parsed) ? time(r.createdAt) : parsed;
  };
  const byRule: Record<PrimaryRule, (a: HubSpotRecord, b: HubSpotRecord) => number> = {
    'most-complete': () => 0,
    oldest: (a, b) => created(a) - created(b),
    'most-recent': (a, b) => time(b.updatedAt) - time(a.updatedAt),
    'has-owner': (a, b) => Number(!blank(b.properties[OWNER])) - Number(!blank(a.properties[OWNER])),
  };
  return [...records].sort((a, b) => byRule[rule](a, b) || filled(b) - filled(a) || time(b.updatedAt) - time(a.updatedAt) || Number(a.id) - Number(b.id));
}

/** How a record is named to a person. */
export function recordLabel(objectType: ObjectType, record: { id: string; properties: Record<string, string | null | undefined> }): string {
  const p = record.properties;
  const join = (...parts: (string | null | undefined)[]) => parts.filter((part) => !blank(part)).join(' ');
  const named = (() => {
    switch (objectType) {
      case 'contacts': {
        const name = join(p.firstname, p.lastname);
        return name && !blank(p.email) ? `${name} <${p.email}>` : name || p.email;
      }
      case 'companies':
        return !blank(p.name) && !blank(p.domain) ? `${p.name} (${p.domain})` : p.name || p.domain;
      case 'deals':
        return p.dealname;
      case 'tickets':
        return p.subject;
    }
  })();
  return blank(named) ? `Record ${record.id}` : named;
}

/** The primary's value, else the first in merge order: what HubSpot's blank-filling would give. */
function firstValue(mergeOrder: readonly HubSpotRecord[], name: string): MergePlanField['survivor'] {
  const from = mergeOrder.find((r) => !blank(r.properties[name]));
  return from ? { value: from.properties[name]!, recordId: from.id } : { value: null, recordId: null };
}

function furthestStage(mergeOrder: readonly HubSpotRecord[], options: readonly string[]): MergePlanField['survivor'] {
  let best: HubSpotRecord | null = null;
  for (const record of mergeOrder) {
    const value = record.properties.lifecyclestage;
    if (blank(value)) continue;
    if (!best || options.indexOf(value) > options.indexOf(best.properties.lifecyclestage!)) best = record;
  }
  return best ? { value: best.properties.lifecyclestage!, recordId: best.id } : { value: null, recordId: null };
}

function earliest(mergeOrder: readonly HubSpotRecord[], name: string): MergePlanField['survivor'] {
  let best: { record: HubSpotRecord; at: number } | null = null;
  for (const record of mergeOrder) {
    const value = record.properties[name];
    if (blank(value)) continue;
    const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    if (!Number.isNaN(at) && (!best || at < best.at)) best = { record, at };
  }
  return best ? { value: best.record.properties[name]!, recordId: best.record.id } : { value: null, recordId: null };
}

/** The additional emails (domains) after the merge: each record's own list and the others' main value, once each. */
function additionalList(mergeOrder: readonly HubSpotRecord[], property: string, list: string): string | null {
  const kept = mergeOrder[0]!.properties[property]?.toLowerCase();
  const seen = new Set(kept ? [kept] : []);
  const values: string[] = [];
  const add = (value: string) => {
    if (value && !seen.has(value.toLowerCase())) {
      seen.add(value.toLowerCase());
      values.push(value);
    }
  };
  mergeOrder[0]!.properties[list]?.split(';').forEach(add);
  for (const record of mergeOrder.slice(1)) {
    add(record.properties[property] ?? '');
    record.properties[list]?.split(';').forEach(add);
  }
  return values.length > 0 ? values.join(';') : null;
}

function validIso(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
