/**
 * The portal's names for the ids and codes records hold, cached per connection in
 * crm_value_labels: owners (owners API), pipelines and stages (pipelines API, deals and
 * tickets), enumeration options (properties API). Each scan refreshes them; a part HubSpot
 * will not give (a token without the owners scope, an outage) keeps its last copy and the
 * scan goes on: a missing label only means a raw value is shown.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectType } from '../../../shared/object-types';
import type { ValueLabels } from '../../../shared/value-labels';
import type { Db } from '../../db/client';
import { crmRecords, crmValueLabels } from '../../db/schema';
import { findConnection } from './connections';
import type { HubSpotApi, OwnerInfo } from './hubspot-api';
import { MIRRORED_PROPERTIES } from './hubspot-properties';

/** Owners are the portal's, not a type's: their rows carry this object type. */
const EVERY_TYPE = '*';
export const OWNER_PROPERTY = 'hubspot_owner_id';
/** The properties holding a pipeline id and a stage id. */
const PIPELINE_PROPERTIES = { deals: { pipeline: 'pipeline', stage: 'dealstage' }, tickets: { pipeline: 'hs_pipeline', stage: 'hs_pipeline_stage' } } as const;
const INSERT_CHUNK = 1_000;

export interface LabelRefresh {
  db: Db;
  api: HubSpotApi;
  connectionId: number;
  log: FastifyBaseLogger;
}

/** A person's name, else their email: how HubSpot's screens name an owner. */
export function ownerName(owner: OwnerInfo): string {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email || owner.id;
}

/** Reads the portal's labels again and replaces the cached ones; what fails keeps its last copy. */
export async function refreshValueLabels(context: LabelRefresh, objectTypes: readonly ObjectType[]): Promise<{ owners: number; labels: number }> {
  let owners = 0;
  let labels = 0;
  const ownerRows = await attempt(context, 'owners', async () => (await context.api.owners()).map((o) => ({ property: OWNER_PROPERTY, value: o.id, label: ownerName(o) })));
  if (ownerRows) {
    await replace(context, EVERY_TYPE, ownerRows);
    owners = ownerRows.length;
  }
  for (const objectType of objectTypes) {
    const rows = await attempt(context, objectType, () => typeLabels(context.api, objectType));
    if (!rows) continue;
    await replace(context, objectType, rows);
    labels += rows.length;
  }
  return { owners, labels };
}

/** Option labels of the mirrored enumeration properties; for deals and tickets, pipeline and stage labels over them. */
async function typeLabels(api: HubSpotApi, objectType: ObjectType): Promise<{ property: string; value: string; label: string }[]> {
  const mirrored = new Set(MIRRORED_PROPERTIES[objectType]);
  const byKey = new Map<string, { property: string; value: string; label: string }>();
  const put = (property: string, value: string, label: string) => byKey.set(`${property}\u0000${value}`, { property, value, label });
  for (const property of await api.properties(objectType, { fresh: true })) {
    // Owners come from the owners API, which also knows deactivated ones.
    if (!mirrored.has(property.name) || property.name === OWNER_PROPERTY) continue;
    for (const [value, label] of Object.entries(property.optionLabels ?? {})) put(property.name, value, label);
  }
  if (objectType === 'deals' || objectType === 'tickets') {
    const names = PIPELINE_PROPERTIES[objectType];
    for (const pipeline of await api.pipelines(objectType)) {
      put(names.pipeline, pipeline.id, pipeline.label);
      for (const stage of pipeline.stages) put(names.stage, stage.id, stage.label);
    }
  }
  return [...byKey.values()];
}

async function attempt<T>(context: LabelRefresh, part: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    context.log.warn({ err: error instanceof Error ? error.message : String(error), part, connectionId: context.connectionId }, 'HubSpot labels not refreshed; the last ones stay');
    return null;
  }
}

async function replace({ db, connectionId }: LabelRefresh, objectType: string, rows: { property: string; value: string; label: string }[]): Promise<void> {
  const refreshedAt = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(crmValueLabels).where(and(eq(crmValueLabels.connectionId, connectionId), eq(crmValueLabels.objectType, objectType)));
    for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
      await tx
        .insert(crmValueLabels)
        .values(rows.slice(from, from + INSERT_CHUNK).map((row) => ({ ...row, connectionId, objectType, refreshedAt })))
        .onConflictDoNothing();
    }
  });
}

/** The cached labels of one object type's values (owners included). */
export async function valueLabelsOf(db: Db, connectionId: number, objectType: ObjectType): Promise<ValueLabels> {
  const rows = await db
    .select({ objectType: crmValueLabels.objectType, property: crmValueLabels.property, value: crmValueLabels.value, label: crmValueLabels.label })
    .from(crmValueLabels)
    .where(and(eq(crmValueLabels.connectionId, connectionId), inArray(crmValueLabels.objectType, [objectType, EVERY_TYPE])));
  const labels: ValueLabels = {};
  // The type's own labels win over the portal-wide ones.
  for (const row of rows.sort((a, b) => Number(a.objectType !== EVERY_TYPE) - Number(b.objectType !== EVERY_TYPE))) (labels[row.property] ??= {})[row.value] = row.label;
  return labels;
}

/** Deal and ticket properties whose values are company record ids. */
const COMPANY_ID_PROPERTIES = ['hs_primary_associated_company', 'associatedcompanyid', 'hs_primary_company_id'];

/**
 * The labels for a user's records: those of their connection's portal, none without one. Given
 * the records about to be shown, the company ids they hold are named too, from the mirrored
 * companies (a deal's company is an id in HubSpot): only those ids are looked up.
 */
export async function userValueLabels(db: Db, userId: number, objectType: ObjectType, records: readonly { properties: Readonly<Record<string, unknown>> }[] = []): Promise<ValueLabels> {
  const connection = await findConnection(db, userId);
  if (!connection) return {};
  const labels = await valueLabelsOf(db, connection.id, objectType);
  const ids = new Set<string>();
  for (const record of records) {
    for (const property of COMPANY_ID_PROPERTIES) {
      const value = record.properties[property];
      if (typeof value === 'string' && value !== '') ids.add(value);
    }
  }
  if (ids.size === 0) return labels;
  const companies = await db
    .select({ id: crmRecords.hubspotId, name: sql<string | null>`${crmRecords.properties}->>'name'` })
    .from(crmRecords)
    .where(and(eq(crmRecords.connectionId, connection.id), eq(crmRecords.objectType, 'companies'), inArray(crmRecords.hubspotId, [...ids])));
  for (const company of companies) {
    if (!company.name) continue;
    for (const property of COMPANY_ID_PROPERTIES) (labels[property] ??= {})[company.id] = company.name;
  }
  return labels;
}
