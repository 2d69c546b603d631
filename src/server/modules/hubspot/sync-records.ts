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
  /** Records fetched, over every attempt of a sync that was resumed. */
  fetched: number;
  archived: number;
  /** Time the sync took, over every attempt. */
  elapsedMs: number;
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
  return state.syncedThrough ? incrementalSync(context, objectType, state, state.syncedThrough) : fullSync(context, objectType, state);
}

/** Records the sync of this type under way has fetched so far (0 when none is): a resumed scan shows them at once. */
export async function fetchedSoFar(db: Db, connectionId: number, objectType: ObjectType): Promise<number> {
  const [state] = await db
    .select()
    .from(crmSyncState)
    .where(and(eq(crmSyncState.connectionId, connectionId), eq(crmSyncState.objectType, objectType)));
  return state && underWay(state) ? state.fetched : 0;
}

type SyncState = typeof crmSyncState.$inferSelect;

/** A sync was started and not completed: the next attempt resumes it. */
function underWay(state: SyncState): boolean {
  return state.lastSyncStartedAt !== null && (state.lastSyncCompletedAt === null || state.lastSyncCompletedAt < state.lastSyncStartedAt);
}

/**
 * The sync's counts over every attempt: saved with its cursor (or time window), so a resumed
 * sync goes on from what the last attempt saved and counts each record once.
 */
function tally(resumed: SyncState | null) {
  const started = performance.now();
  let fetched = resumed?.fetched ?? 0;
  return {
    get fetched() {
      return fetched;
    },
    add(count: number) {
      fetched += count;
    },
    saved: () => ({ fetched, elapsedMs: (resumed?.elapsedMs ?? 0) + Math.round(performance.now() - started) }),
  };
}

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
  const resuming = underWay(state);
  const startedAt = resuming ? state.lastSyncStartedAt! : new Date();
  if (!resuming) await saveState(context, objectType, { lastSyncStartedAt: startedAt, cursor: null, fetched: 0, elapsedMs: 0 });
  const counts = tally(resuming ? state : null);
  const properties = MIRRORED_PROPERTIES[objectType];
  const expected = await countRecords(context, objectType);
  const fetchPage = (cursor: string | undefined) => context.api.listPage(objectType, { properties, ...(cursor ? { after: cursor } : {}) });
  throwIfCancelled(context);
  let next: Promise<RecordPage> | null = fetchPage(resuming ? (state.cursor ?? undefined) : undefined);
  while (next) {
    const page: RecordPage = await next;
    // The next page is on its way while this one is written: the request budget, not the
    // database, sets the pace.
    next = page.after ? fetchPage(page.after) : null;
    next?.catch(() => {});
    // The page and the cursor past it are saved together: a resumed sync neither skips nor repeats.
    counts.add(page.results.length);
    await context.db.transaction(async (tx) => {
      await upsertMirrorRecords(tx as unknown as Db, mirrorKey(context, objectType), page.results);
      await saveState({ ...context, db: tx as unknown as Db }, objectType, { cursor: page.after ?? null, ...counts.saved() });
    });
    context.onProgress?.({ objectType, mode: 'full', fetched: counts.fetched, expected });
    if (next) throwIfCancelled(context);
  }

  const archived = await context.db
    .update(crmRecords)
    .set({ archived: true })
    .where(and(eq(crmRecords.connectionId, context.connection.id), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false), lt(crmRecords.syncedAt, startedAt)))
    .returning({ id: crmRecords.hubspotId });
  const done = counts.saved();
  await saveState(context, objectType, { syncedThrough: new Date(startedAt.getTime() - OVERLAP_MS), cursor: null, lastSyncCompletedAt: new Date(), ...done });
  return { mode: 'full', fetched: done.fetched, archived: archived.length, elapsedMs: done.elapsedMs };
}

async function incrementalSync(context: SyncContext, objectType: ObjectType, state: SyncState, syncedThrough: Date): Promise<SyncResult> {
  const resuming = underWay(state);
  if (!resuming) await saveState(context, objectType, { lastSyncStartedAt: new Date(), fetched: 0, elapsedMs: 0 });
  const counts = tally(resuming ? state : null);
  const end = Date.now();
  let from = syncedThrough.getTime();
  let expected: number | null = null;
  while (from < end) {
    // The widest window from `from` whose changes fit under search's cap.
    let to = end;
    let page = await searchWindow(context, objectType, from, to);
    while ((page.total ?? 0) > SEARCH_CAP && to - from > 1) {
      to = from + Math.floor((to - from) / 2);
      page = await searchWindow(context, objectType, from, to);
    }
    expected ??= page.total === undefined ? null : counts.fetched + page.total;
    for (;;) {
      await upsertMirrorRecords(context.db, mirrorKey(context, objectType), page.results);
      counts.add(page.results.length);
      context.onProgress?.({ objectType, mode: 'incremental', fetched: counts.fetched, expected: Math.max(expected ?? 0, counts.fetched) });
      if (!page.after) break;
      throwIfCancelled(context);
      page = await searchWindow(context, objectType, from, to, page.after);
    }
    // Everything modified before `to` is in the mirror: a resumed sync starts there.
    await saveState(context, objectType, { syncedThrough: new Date(to - OVERLAP_MS), ...counts.saved() });
    from = to;
  }
  const archived = await markArchived(context, objectType);
  const done = counts.saved();
  await saveState(context, objectType, { syncedThrough: new Date(end - OVERLAP_MS), lastSyncCompletedAt: new Date(), ...done });
  context.log.debug({ objectType, fetched: done.fetched, archived }, 'incremental sync done');
  return { mode: 'incremental', fetched: done.fetched, archived, elapsedMs: done.elapsedMs };
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
