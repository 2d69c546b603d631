import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords, crmSyncState, type CrmConnection } from '../../db/schema';
import type { HubSpotApi, RecordPage } from './hubspot-api';
import { MIRRORED_PROPERTIES, lastModifiedProperty } from './hubspot-properties';
import { upsertMirrorRecords } from './mirror-records';

/** HubSpot's search returns at most this many results per query (HUBSPOT.md, Search). */
const SEARCH_CAP = 10_000;
const SEARCH_PAGE = 200;
/** Clocks differ: an incremental sync looks this far back past where the last one ended. */
const OVERLAP_MS = 60_000;

export interface SyncProgress {
  objectType: ObjectType;
  mode: 'full' | 'incremental';
  fetched: number;
  /** Records the sync expects to fetch, when HubSpot said. */
  expected: number | null;
}

export interface SyncResult {
  mode: 'full' | 'incremental';
  fetched: number;
  archived: number;
}

export interface SyncContext {
  db: Db;
  api: HubSpotApi;
  connection: CrmConnection;
  log: FastifyBaseLogger;
  onProgress?: (progress: SyncProgress) => void;
  /** Checked between pages: a cancelled scan stops there, and the next sync resumes. */
  signal?: AbortSignal;
}

/**
 * Brings the mirror of one object type up to date. The first sync lists every record;
 * later ones search for records modified since the last, in windows of time small enough
 * for search's 10,000-result cap. Progress is saved after every page, so a sync stopped
 * anywhere resumes where it was and ends with the same mirror.
 */
export async function syncObjectType(context: SyncContext, objectType: ObjectType): Promise<SyncResult> {
  const state = await loadState(context, objectType);
  return state.syncedThrough ? incrementalSync(context, objectType, state.syncedThrough) : fullSync(context, objectType, state);
}

type SyncState = typeof crmSyncState.$inferSelect;

async function loadState({ db, connection }: SyncContext, objectType: ObjectType): Promise<SyncState> {
  const [state] = await db
    .insert(crmSyncState)
    .values({ connectionId: connection.id, objectType })
    .onConflictDoUpdate({ target: [crmSyncState.connectionId, crmSyncState.objectType], set: { objectType } })
    .returning();
  return state!;
}

async function saveState({ db, connection }: SyncContext, objectType: ObjectType, values: Partial<SyncState>): Promise<void> {
  await db
    .update(crmSyncState)
    .set(values)
    .where(and(eq(crmSyncState.connectionId, connection.id), eq(crmSyncState.objectType, objectType)));
}

async function fullSync(context: SyncContext, objectType: ObjectType, state: SyncState): Promise<SyncResult> {
  // A full sync already under way keeps its start: records not seen since then are gone.
  const resuming = state.lastSyncStartedAt !== null && (state.lastSyncCompletedAt === null || state.lastSyncCompletedAt < state.lastSyncStartedAt);
  const startedAt = resuming ? state.lastSyncStartedAt! : new Date();
  if (!resuming) await saveState(context, objectType, { lastSyncStartedAt: startedAt, cursor: null });
  const properties = MIRRORED_PROPERTIES[objectType];
  const expected = await countRecords(context, objectType);
  const fetchPage = (cursor: string | undefined) => context.api.listPage(objectType, { properties, ...(cursor ? { after: cursor } : {}) });
  let fetched = 0;
  throwIfCancelled(context);
  let next: Promise<RecordPage> | null = fetchPage(resuming ? (state.cursor ?? undefined) : undefined);
  while (next) {
    const page: RecordPage = await next;
    // The next page is on its way while this one is written: the request budget, not the
    // database, sets the pace.
    next = page.after ? fetchPage(page.after) : null;
    next?.catch(() => {});
    // The page and the cursor past it are saved together: a resumed sync neither skips nor repeats.
    await context.db.transaction(async (tx) => {
      await upsertMirrorRecords(tx as unknown as Db, mirrorKey(context, objectType), page.results);
      await saveState({ ...context, db: tx as unknown as Db }, objectType, { cursor: page.after ?? null });
    });
    fetched += page.results.length;
    context.onProgress?.({ objectType, mode: 'full', fetched, expected });
    if (next) throwIfCancelled(context);
  }

  const archived = await context.db
    .update(crmRecords)
    .set({ archived: true })
    .where(and(eq(crmRecords.connectionId, context.connection.id), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false), lt(crmRecords.syncedAt, startedAt)))
    .returning({ id: crmRecords.hubspotId });
  await saveState(context, objectType, { syncedThrough: new Date(startedAt.getTime() - OVERLAP_MS), cursor: null, lastSyncCompletedAt: new Date() });
  return { mode: 'full', fetched, archived: archived.length };
}

async function incrementalSync(context: SyncContext, objectType: ObjectType, syncedThrough: Date): Promise<SyncResult> {
  await saveState(context, objectType, { lastSyncStartedAt: new Date() });
  const end = Date.now();
  let from = syncedThrough.getTime();
  let fetched = 0;
  let expected: number | null = null;
  while (from < end) {
    // The widest window from `from` whose changes fit under search's cap.
    let to = end;
    let page = await searchWindow(context, objectType, from, to);
    while ((page.total ?? 0) > SEARCH_CAP && to - from > 1) {
      to = from + Math.floor((to - from) / 2);
      page = await searchWindow(context, objectType, from, to);
    }
    expected ??= page.total ?? null;
    for (;;) {
      await upsertMirrorRecords(context.db, mirrorKey(context, objectType), page.results);
      fetched += page.results.length;
      context.onProgress?.({ objectType, mode: 'incremental', fetched, expected: Math.max(expected ?? 0, fetched) });
      if (!page.after) break;
      throwIfCancelled(context);
      page = await searchWindow(context, objectType, from, to, page.after);
    }
    // Everything modified before `to` is in the mirror: a resumed sync starts there.
    await saveState(context, objectType, { syncedThrough: new Date(to - OVERLAP_MS) });
    from = to;
  }
  const archived = await markArchived(context, objectType);
  await saveState(context, objectType, { syncedThrough: new Date(end - OVERLAP_MS), lastSyncCompletedAt: new Date() });
  context.log.debug({ objectType, fetched, archived }, 'incremental sync done');
  return { mode: 'incremental', fetched, archived };
}

function searchWindow(context: SyncContext, objectType: ObjectType, from: number, to: number, after?: string) {
  const modified = lastModifiedProperty(objectType);
  return context.api.search(objectType, {
    filters: [
      { propertyName: modified, operator: 'GTE', value: String(from) },
      { propertyName: modified, operator: 'LT', value: String(to) },
    ],
    sorts: [{ propertyName: modified, direction: 'ASCENDING' }],
    properties: MIRRORED_PROPERTIES[objectType],
    limit: SEARCH_PAGE,
    ...(after ? { after } : {}),
  });
}

/** How many records a full sync will list, for its progress bar; unknown when search fails. */
async function countRecords(context: SyncContext, objectType: ObjectType): Promise<number | null> {
  try {
    const page = await context.api.search(objectType, { filters: [], sorts: [], properties: [], limit: 1 });
    return page.total ?? null;
  } catch {
    return null;
  }
}

/** Records HubSpot archived since the last sync: they leave the scans but stay in the mirror's history. */
async function markArchived(context: SyncContext, objectType: ObjectType): Promise<number> {
  let after: string | undefined;
  let count = 0;
  do {
    throwIfCancelled(context);
    const page = await context.api.listPage(objectType, { properties: [], archived: true, ...(after ? { after } : {}) });
    after = page.after;
    const ids = page.results.map((r) => r.id);
    if (ids.length === 0) continue;
    const marked = await context.db
      .update(crmRecords)
      .set({ archived: true })
      .where(and(eq(crmRecords.connectionId, context.connection.id), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false), inArray(crmRecords.hubspotId, ids)))
      .returning({ id: crmRecords.hubspotId });
    count += marked.length;
  } while (after);
  return count;
}

const mirrorKey = ({ connection }: SyncContext, objectType: ObjectType) => ({ connectionId: connection.id, userId: connection.userId, objectType });

function throwIfCancelled(context: SyncContext): void {
  if (context.signal?.aborted) throw context.signal.reason instanceof Error ? context.signal.reason : new Error('Sync cancelled');
}
