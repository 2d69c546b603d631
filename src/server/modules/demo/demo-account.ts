/**
 * The demo account behind /demo: a user flagged isDemo whose portal comes from the sandbox
 * generator (demo-portal.ts) and whose scans are the real engine's, replayed week by week so
 * the trends have a history. Between scans the simulated team does what a real one would:
 * merges the near-certain groups and dismisses some doubtful ones, which the next scan learns
 * from. Every figure the demo shows is computed; none is written by hand.
 *
 * The account is built once per database (and again when a week old, so its dates stay
 * current) in one transaction: a visitor never sees half a demo, and two processes building
 * at once leave one (the email is unique).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { findDuplicatesInParallel, type DuplicateDetectionResult, type EngineRecord, type PairOfIds } from '../../../engine';
import { recordNames } from '../../../shared/crm-properties';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { OWNERS, propertyDefinitions, type RecordCounts } from '../../../synthetic-crm';
import type { Db } from '../../db/client';
import { crmConnections, crmRecords, crmSyncState, crmValueLabels, duplicateGroups, recordActions, scanRuns, users } from '../../db/schema';
import { engineSettingsOf, saveEngineResults } from '../scans';
import { seedDemoNotifications } from './demo-notifications';
import { generateDemoPortal, portalAsOf, type DemoPortal, type DemoRecord } from './demo-portal';

/** Bump when the demo's data or its story changes: a new version replaces the stored demo. */
const DEMO_VERSION = 2;
export const DEMO_EMAIL = `demo-v${DEMO_VERSION}@demo.datacleaner.invalid`;
/** Weekly scans in the demo's history: enough for trends over the dashboard's 90 days... nearly. */
export const DEMO_HISTORY_WEEKS = 8;
/** A demo older than this is rebuilt (in the background) so "last scan" stays recent. */
const REBUILD_AFTER_MS = 7 * 24 * 3600_000;
const WEEK_MS = 7 * 24 * 3600_000;
/** Groups at least this sure are the ones the simulated team merges after a scan... */
const TEAM_MERGES_ABOVE = 0.95;
/** ...working through this share of the scan's groups a week, surest first. */
const TEAM_WEEKLY_SHARE = 0.12;
/** Groups below this are the doubtful ones; the team dismisses a couple a week. */
const TEAM_DOUBTS_BELOW = 0.9;
const TEAM_WEEKLY_DISMISSALS = 2;
const INSERT_BATCH = 500;

interface ScanReplay {
  at: Date;
  results: { objectType: ObjectType; records: EngineRecord[]; result: DuplicateDetectionResult; merged: Set<string>; dismissed: Set<string> }[];
}

export interface DemoOptions {
  /** Records per type; DEMO_COUNTS unless a test wants a smaller portal. */
  counts?: RecordCounts;
  weeks?: number;
}

export class DemoAccount {
  private building: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: DemoOptions = {},
  ) {}

  /**
   * The demo user's id. The first call on a fresh database waits for the build (seconds);
   * an aged demo is served while its replacement is built.
   */
  async userId(now = new Date()): Promise<number> {
    const [existing] = await this.db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
    if (existing) {
      if (now.getTime() - existing.createdAt.getTime() > REBUILD_AFTER_MS && !this.building) void this.rebuild(now).catch(() => undefined);
      return existing.id;
    }
    return this.rebuild(now);
  }

  /** Starts building when there is no current demo; for server start-up, so the first visitor does not wait. */
  prepare(): void {
    void this.userId().catch((error: unknown) => this.log.error({ err: error }, 'demo account could not be built'));
  }

  private rebuild(now: Date): Promise<number> {
    this.building ??= buildDemoAccount(this.db, this.log, now, this.options).finally(() => {
      this.building = null;
    });
    return this.building;
  }
}

async function buildDemoAccount(db: Db, log: FastifyBaseLogger, now: Date, options: DemoOptions): Promise<number> {
  const weeks = options.weeks ?? DEMO_HISTORY_WEEKS;
  const started = performance.now();
  // Scans ran on the hour; the newest an hour or so before now.
  const latest = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000 - 3600_000);
  const portal = generateDemoPortal(latest, options.counts);
  const replays = await replayScans(portal, latest, weeks);
  const final = replays.at(-1)!;
  try {
    const userId = await db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.isDemo, true));
      const [user] = await tx
        .insert(users)
        .values({
          email: DEMO_EMAIL,
          username: 'demo',
          isDemo: true,
          emailVerified: true,
          emailVerifiedAt: latest,
          provider: 'demo',
          fullName: 'Demo Team',
          displayName: 'Demo Team',
          countryOfResidence: 'United States',
          contactPhone: '+1 555 0100',
          plan: 'professional',
          hasCompletedOnboarding: true,
          trialStartDate: new Date(latest.getTime() - weeks * WEEK_MS),
          trialEndDate: new Date(latest.getTime() - (weeks - 2) * WEEK_MS),
          createdAt: now,
        })
        .returning({ id: users.id });
      const [connection] = await tx
        .insert(crmConnections)
        .values({ userId: user!.id, authType: 'private_app', hubDomain: 'demo-portal.hubspot.com', hubId: '24000001', isConnected: true, createdAt: new Date(latest.getTime() - weeks * WEEK_MS) })
        .returning({ id: crmConnections.id });
      await tx.insert(crmValueLabels).values(demoValueLabels(connection!.id));
      for (const { objectType, records } of final.results) {
        for (let from = 0; from < records.length; from += INSERT_BATCH) {
          await tx.insert(crmRecords).values(
            records.slice(from, from + INSERT_BATCH).map((record) => ({
              connectionId: connection!.id,
              userId: user!.id,
              objectType,
              hubspotId: record.id,
              properties: record.properties as Record<string, string | null>,
              hubspotCreatedAt: new Date(String(record.properties.createdate)),
              hubspotUpdatedAt: record.updatedAt as Date,
            })),
          );
        }
        await tx.insert(crmSyncState).values({ connectionId: connection!.id, objectType, syncedThrough: latest, lastSyncStartedAt: latest, lastSyncCompletedAt: latest });
      }
      for (const replay of replays) await storeReplay(tx, user!.id, replay);
      await seedDemoNotifications(tx, user!.id);
      return user!.id;
    });
    log.info({ ms: Math.round(performance.now() - started), weeks: replays.length }, 'demo account built');
    return userId;
  } catch (error) {
    // Another process built it first: use theirs.
    const [theirs] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
    if (theirs) return theirs.id;
    throw error;
  }
}

/**
 * The demo portal's names for its owner ids, pipeline and stage ids and option codes, as a scan
 * would have cached them from HubSpot: its records come from the same synthetic catalog.
 */
function demoValueLabels(connectionId: number) {
  const options = OBJECT_TYPES.flatMap((objectType) =>
    propertyDefinitions(objectType)
      .filter((definition) => definition.name !== 'hubspot_owner_id')
      .flatMap((definition) => definition.options.map((option) => ({ connectionId, objectType, property: definition.name, value: option.value, label: option.label }))),
  );
  const owners = OWNERS.map((owner) => ({ connectionId, objectType: '*', property: 'hubspot_owner_id', value: owner.id, label: `${owner.firstName} ${owner.lastName}` }));
  return [...options, ...owners];
}

/** The weekly scans, oldest first, with what the team decided after each (nothing after the newest). */
async function replayScans(portal: DemoPortal, latest: Date, weeks: number): Promise<ScanReplay[]> {
  // Keyed by type and id: ids repeat across object types.
  const mergedAway = new Set<string>();
  const touched = new Map<string, Date>();
  const feedback = new Map<ObjectType, { notDuplicates: PairOfIds[]; confirmedDuplicates: PairOfIds[] }>(OBJECT_TYPES.map((t) => [t, { notDuplicates: [], confirmedDuplicates: [] }]));
  const settings = engineSettingsOf(SETTINGS_DEFAULTS);
  const replays: ScanReplay[] = [];
  for (let week = weeks - 1; week >= 0; week--) {
    const at = new Date(latest.getTime() - week * WEEK_MS);
    const replay: ScanReplay = { at, results: [] };
    for (const objectType of OBJECT_TYPES) {
      const records = portalAsOf(portal[objectType], objectType, at)
        .filter((record) => !mergedAway.has(`${objectType}:${record.id}`))
        .map((record) => asEngineRecord(record, objectType, touched.get(`${objectType}:${record.id}`)));
      const result = await findDuplicatesInParallel(records, objectType, { settings, ...feedback.get(objectType)! });
      const merged = new Set<string>();
      const dismissed = new Set<string>();
      if (week > 0) {
        const mergeAt = new Date(at.getTime() + 26 * 3600_000);
        const pairsOf = (ids: readonly string[]) => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as const));
        const surest = result.groups.filter((g) => g.confidence >= TEAM_MERGES_ABOVE).sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id));
        for (const group of surest.slice(0, Math.ceil(result.groups.length * TEAM_WEEKLY_SHARE))) {
          merged.add(group.id);
          feedback.get(objectType)!.confirmedDuplicates.push(...pairsOf(group.recordIds));
          for (const id of group.recordIds) if (id !== group.primaryId) mergedAway.add(`${objectType}:${id}`);
          touched.set(`${objectType}:${group.primaryId}`, mergeAt);
        }
        for (const group of result.groups.filter((g) => g.confidence < TEAM_DOUBTS_BELOW).slice(0, TEAM_WEEKLY_DISMISSALS)) {
          dismissed.add(group.id);
          feedback.get(objectType)!.notDuplicates.push(...pairsOf(group.recordIds));
        }
      }
      replay.results.push({ objectType, records, result, merged, dismissed });
      // Let requests in between engine runs: the build may share the web process.
      await new Promise((resolve) => setImmediate(resolve));
    }
    replays.push(replay);
  }
  return replays;
}

/** A record as a scan at that time would read it; a merge's survivor was changed by the merge. */
function asEngineRecord(record: DemoRecord, objectType: ObjectType, touchedAt: Date | undefined): EngineRecord {
  if (!touchedAt || touchedAt <= record.updatedAt) return { id: record.id, properties: record.properties, updatedAt: record.updatedAt };
  const modified = objectType === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
  return { id: record.id, properties: { ...record.properties, [modified]: touchedAt.toISOString() }, updatedAt: touchedAt };
}

async function storeReplay(db: Db, userId: number, replay: ScanReplay): Promise<void> {
  const [run] = await db
    .insert(scanRuns)
    .values({
      userId,
      status: 'completed',
      objectTypes: [...OBJECT_TYPES],
      trigger: 'schedule',
      progress: { phase: 'done', objectType: null, completedTypes: OBJECT_TYPES.length, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, percent: 100, message: 'Scan complete' },
      createdAt: replay.at,
      startedAt: replay.at,
      finishedAt: new Date(replay.at.getTime() + 40_000),
    })
    .returning({ id: scanRuns.id });
  for (const { objectType, records, result, merged, dismissed } of replay.results) {
    await saveEngineResults(db, { runId: run!.id, userId, objectType, records, result, scannedAt: replay.at });
    if (merged.size === 0 && dismissed.size === 0) continue;
    const decidedAt = new Date(replay.at.getTime() + 26 * 3600_000);
    const stored = await db
      .select({ id: duplicateGroups.id, records: duplicateGroups.records, primaryRecordId: duplicateGroups.primaryRecordId })
      .from(duplicateGroups)
      // Every pending group is this scan's now: groups found again unchanged kept their rows.
      .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), eq(duplicateGroups.status, 'pending')));
    for (const group of stored) {
      const ids = (group.records as { id: string }[]).map((r) => r.id);
      // The engine names a group by its smallest record id.
      const engineId = result.groups.find((g) => g.recordIds.length === ids.length && g.recordIds.every((id) => ids.includes(id)))?.id;
      const decision = engineId && merged.has(engineId) ? 'merged' : engineId && dismissed.has(engineId) ? 'dismissed' : null;
      if (!decision) continue;
      await db.update(duplicateGroups).set({ status: decision, updatedAt: decidedAt }).where(eq(duplicateGroups.id, group.id));
      await db.insert(recordActions).values({
        userId,
        objectType,
        actionType: decision === 'merged' ? 'merge' : 'dismiss',
        recordIds: ids,
        primaryRecordId: decision === 'merged' ? group.primaryRecordId : null,
        timestamp: decidedAt,
        details: { groupId: group.id, by: 'user', byName: 'Demo Team', labels: recordNames(objectType, group.records as { id: string; properties?: Record<string, unknown> }[]) },
        status: 'completed',
      });
    }
  }
}
