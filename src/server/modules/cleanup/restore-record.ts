import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { RecordActionView } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { mergeBackups, merges, recordActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findConnection, lastModifiedProperty } from '../hubspot';
import { findAction, RESTORE_STALE_MS } from './cleanup-history';
import { hubspotApiFor, HubSpotRefusal, upsertMirrorRecords } from '../hubspot';
import { recordLabel } from './merge-plan';
import { withHubSpot, type CleanupDependencies } from './plan-group-merge';
import type { ActionDetails } from './run-merge';

/** HubSpot keeps these itself; a restored record gets its own. */
const NOT_RESTORED = new Set(['hs_object_id', 'hs_merged_object_ids']);

export interface RestoreOutcome {
  action: RecordActionView;
  restoredId: string;
  message: string;
}

/**
 * Recreates a record a merge swallowed, from the backup taken before the merge. HubSpot cannot
 * unmerge, so the record comes back as a new record with a new id; the merged record keeps what
 * it had. A second click while the first is under way (or after it) is refused.
 */
export async function restoreRecord(deps: CleanupDependencies, userId: number, actionId: number): Promise<RestoreOutcome> {
  const { db } = deps;
  const [action] = await db.select().from(recordActions).where(and(eq(recordActions.id, actionId), eq(recordActions.userId, userId))).limit(1);
  if (!action) throw new HttpError(404, 'NOT_FOUND', 'No such record action.');
  const details = (action.details ?? {}) as unknown as ActionDetails;
  if (action.actionType !== 'merge' || !details.mergeId || !details.secondaryId) {
    throw new HttpError(409, 'NOT_RESTORABLE', 'Only a merge can be restored: Restore recreates the record the merge merged away.');
  }
  if (action.status !== 'completed') throw new HttpError(409, 'NOT_RESTORABLE', 'This merge step did not merge the record, so there is nothing to restore.');
  const [backup] = await db
    .select()
    .from(mergeBackups)
    .where(and(eq(mergeBackups.mergeId, details.mergeId), eq(mergeBackups.hubspotId, details.secondaryId)))
    .limit(1);
  if (!backup) throw new HttpError(409, 'NO_BACKUP', 'There is no backup of this record.');
  if (backup.restoredAsId) throw new HttpError(409, 'ALREADY_RESTORED', `This record was already restored as record ${backup.restoredAsId}.`);
  const [merge] = await db.select().from(merges).where(eq(merges.id, details.mergeId)).limit(1);
  const connection = await findConnection(db, userId);
  if (!connection?.isConnected || !connection.accessToken) throw new HttpError(409, 'HUBSPOT_NOT_CONNECTED', 'Connect HubSpot in Settings before restoring.');
  if (!merge || merge.connectionId !== connection.id) throw new HttpError(409, 'OTHER_CONNECTION', 'This merge was made through an earlier HubSpot connection; reconnect that portal to restore it.');

  const [claimed] = await db
    .update(mergeBackups)
    .set({ restoreStartedAt: new Date() })
    .where(and(eq(mergeBackups.id, backup.id), isNull(mergeBackups.restoredAsId), or(isNull(mergeBackups.restoreStartedAt), lt(mergeBackups.restoreStartedAt, new Date(Date.now() - RESTORE_STALE_MS)))))
    .returning({ id: mergeBackups.id });
  if (!claimed) throw new HttpError(409, 'RESTORE_IN_PROGRESS', 'A restore of this record is already under way.');

  const objectType = backup.objectType as ObjectType;
  const label = recordLabel(objectType, { id: backup.hubspotId, properties: backup.properties });
  const key = { connectionId: connection.id, userId, objectType };
  const base: ActionDetails = { by: 'user', mergeId: details.mergeId, groupId: details.groupId ?? null, restoredFromActionId: action.id, originalId: backup.hubspotId, labels: { [backup.hubspotId]: label } };
  const leftOut: { property: string; reason: string }[] = [];
  let created;
  try {
    const api = await hubspotApiFor(deps, connection);
    created = await withHubSpot(async () => {
      const catalog = new Map((await api.properties(objectType)).map((p) => [p.name, p]));
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(backup.properties)) {
        if (value === null || value === '' || NOT_RESTORED.has(name) || name === lastModifiedProperty(objectType)) continue;
        const property = catalog.get(name);
        if (property && !property.readOnly) values[name] = value;
        else leftOut.push({ property: name, reason: property ? 'HubSpot sets it' : 'the property no longer exists' });
      }
      try {
        return await api.create(objectType, values);
      } catch (error) {
        // HubSpot keeps one contact per email, and the merged record may still hold this one.
        if (!(error instanceof HubSpotRefusal && error.status === 409 && values.email)) throw error;
        const holder = /Existing ID: (\d+)/.exec(error.message)?.[1];
        leftOut.push({ property: 'email', reason: `HubSpot already has ${values.email} on ${holder ? `record ${holder}` : 'another record'}` });
        const { email: _email, ...rest } = values;
        return api.create(objectType, rest);
      }
    });
  } catch (error) {
    await db.update(mergeBackups).set({ restoreStartedAt: null }).where(eq(mergeBackups.id, backup.id));
    await db.insert(recordActions).values({
      userId,
      objectType,
      actionType: 'restore',
      recordIds: [backup.hubspotId],
      primaryRecordId: null,
      status: 'failed',
      errorMessage: error instanceof Error ? error.message : String(error),
      details: base as unknown as Record<string, unknown>,
    });
    throw error;
  }

  const [restore] = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.update(mergeBackups).set({ restoredAsId: created.id }).where(eq(mergeBackups.id, backup.id));
    await upsertMirrorRecords(tx, key, [created]);
    return tx
      .insert(recordActions)
      .values({
        userId,
        objectType,
        actionType: 'restore',
        recordIds: [created.id],
        primaryRecordId: null,
        status: 'completed',
        details: { ...base, restoredId: created.id, leftOut } as unknown as Record<string, unknown>,
      })
      .returning({ id: recordActions.id });
  });

  const emailNote = leftOut.find((l) => l.property === 'email' && l.reason.startsWith('HubSpot already has'));
  const message = [
    `Restored ${label} from its backup as a new record, ${created.id}.`,
    `HubSpot cannot undo a merge, so the restored record has a new id (it was ${backup.hubspotId}); the merged record ${merge.survivorId} keeps its values, activities and associations.`,
    ...(emailNote ? [`${emailNote.reason}, so the restored record was created without an email.`] : []),
  ].join(' ');
  return { action: (await findAction(db, userId, restore!.id))!, restoredId: created.id, message };
}
