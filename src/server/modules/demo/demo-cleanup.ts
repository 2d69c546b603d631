/**
 * The demo's merge preview: the same plan a signed-in user sees, built from the demo portal's
 * mirrored records and the sandbox's property catalog instead of a live HubSpot read (the
 * demo has no HubSpot behind it). Merging itself is refused: the demo keeps nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MergePlan, PrimaryRule } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import { propertyDefinitions } from '../../../synthetic-crm';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { HubSpotRecord, PropertyInfo } from '../hubspot';
import { buildMergePlan, PlanInputError, findGroup, groupRecordIds, MERGEABLE_STATUSES } from '../cleanup';

function catalogOf(objectType: ObjectType): PropertyInfo[] {
  return propertyDefinitions(objectType).map((definition) => ({
    name: definition.name,
    label: definition.label,
    type: definition.type,
    fieldType: definition.fieldType,
    readOnly: definition.readOnlyValue || definition.calculated,
    hidden: definition.hidden,
    options: definition.options.map((option) => option.value),
    optionLabels: Object.fromEntries(definition.options.map((option) => [option.value, option.label])),
  }));
}

export async function demoMergePlan(db: Db, userId: number, groupId: number, request: { primaryRule: PrimaryRule; primaryId?: string | undefined }): Promise<MergePlan> {
  const group = await findGroup(db, userId, groupId);
  if (!MERGEABLE_STATUSES.includes(group.status)) throw new HttpError(409, 'GROUP_NOT_PENDING', `This group is ${group.status}; only pending groups can be merged.`);
  const objectType = group.objectType as ObjectType;
  const rows = await db
    .select()
    .from(crmRecords)
    .where(and(eq(crmRecords.userId, userId), eq(crmRecords.objectType, objectType), inArray(crmRecords.hubspotId, groupRecordIds(group))));
  const records: HubSpotRecord[] = rows.map((row) => ({
    id: row.hubspotId,
    properties: row.properties,
    createdAt: row.hubspotCreatedAt ?? new Date(0),
    updatedAt: row.hubspotUpdatedAt ?? new Date(0),
  }));
  if (records.length < 2) throw new HttpError(409, 'NOTHING_TO_MERGE', 'The demo portal no longer has these records apart.');
  try {
    const built = buildMergePlan({ objectType, records, properties: catalogOf(objectType), primaryRule: request.primaryRule, primaryId: request.primaryId });
    const { order: _order, writes: _writes, previous: _previous, consentValues: _consent, ...plan } = built;
    return { ...plan, groupId, objectType, alreadyMerged: [] };
  } catch (error) {
    if (error instanceof PlanInputError) throw new HttpError(400, 'INVALID_MERGE_CHOICE', error.message);
    throw error;
  }
}
