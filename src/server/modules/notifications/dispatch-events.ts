import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { notificationEventSchema, type DeliveryKind, type NotificationChannel, type NotificationEvent } from '../../../shared/contracts/notifications';
import { AUTOMATIC_CLEANUP_DEFAULTS } from '../../../shared/contracts/cleanup';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationDeliveries, notificationEvents, scanRuns, userSettings, users, type NotificationEventRow, type User, type UserSettings } from '../../db/schema';
import { allowsChatNotifications } from '../accounts';
import { renderDeliveryEmail, renderDeliverySlack, type DeliverySubject } from './delivery-content';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Events read per transaction. */
const BATCH = 200;
/** A run that has not finished after this long (a stuck worker) is told of with what it has. */
const RUN_WAIT_MS = 6 * 3600_000;

export type EffectiveSettings = Omit<UserSettings, 'id' | 'userId' | 'updatedAt'>;

/** The user's settings, the defaults where they saved none. */
export function withDefaults(row: UserSettings | undefined): EffectiveSettings {
  return { hubspotToken: null, notificationEmail: null, slackBotToken: null, slackChannel: null, openaiApiKey: null, openaiBaseUrl: null, emailWeeklyReport: true, timeZone: null, automaticCleanupEnabled: AUTOMATIC_CLEANUP_DEFAULTS.enabled, automaticCleanupMinConfidence: AUTOMATIC_CLEANUP_DEFAULTS.minConfidence, automaticCleanupMaxMerges: AUTOMATIC_CLEANUP_DEFAULTS.maxMergesPerRun, ...SETTINGS_DEFAULTS, objectsToAnalyze: [...SETTINGS_DEFAULTS.objectsToAnalyze], ...row };
}

/** Whether the user wants this event on this channel, by their switches. */
export function wants(channel: NotificationChannel, settings: EffectiveSettings, event: NotificationEvent): boolean {
  const email = channel === 'email';
  switch (event.kind) {
    case 'scan.completed':
      return email ? settings.notifyOnCompletedAnalysis : settings.slackNotifyOnCompletedAnalysis;
    case 'scan.failed':
      // A scan that stopped matters more than one that finished: told of whenever any scan notice is on.
      return email
        ? settings.notifyOnCompletedAnalysis || settings.notifyOnDuplicatesFound || settings.notifyOnHealthScoreChanges
        : settings.slackNotifyOnCompletedAnalysis || settings.slackNotifyOnDuplicatesFound || settings.slackNotifyOnHealthScoreChanges;
    case 'duplicates.found':
      return email ? settings.notifyOnDuplicatesFound : settings.slackNotifyOnDuplicatesFound;
    case 'health.changed':
      return email ? settings.notifyOnHealthScoreChanges : settings.slackNotifyOnHealthScoreChanges;
    case 'cleanup.completed': {
      // A cleanup that merged nothing and failed nothing is not news.
      const p = event.payload;
      const news = p.mergedGroups > 0 || p.failedGroups > 0 || p.status === 'failed';
      return news && (email ? settings.notifyOnCompletedAnalysis : settings.slackNotifyOnCompletedAnalysis);
    }
  }
}

/** Where the user's notification emails go: the address they chose, or their account's. */
export function emailTarget(user: Pick<User, 'email'>, settings: Pick<EffectiveSettings, 'notificationEmail'>): string {
  return settings.notificationEmail ?? user.email;
}

/**
 * Turns waiting outbox events into deliveries: one per channel for each finished scan run (all its
 * object types in one notice) and one per event outside runs (automatic cleanup). Events and the
 * deliveries made from them change in one transaction; each delivery's idempotency key makes a
 * second dispatch of the same thing find the first. Returns the new deliveries' ids, to be queued.
 */
export async function dispatchEvents({ db, config, log }: { db: Db; config: Config; log?: FastifyBaseLogger }, now = new Date()): Promise<number[]> {
  const created: number[] = [];
  let after = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const waiting = await tx
        .select()
        .from(notificationEvents)
        .where(and(isNull(notificationEvents.dispatchedAt), sqlIdAfter(after)))
        .orderBy(asc(notificationEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (waiting.length === 0) return null;
      const runIds = [...new Set(waiting.flatMap((e) => (e.runId === null ? [] : [e.runId])))];
      const running = new Set(
        runIds.length === 0 ? [] : (await tx.select({ id: scanRuns.id }).from(scanRuns).where(and(inArray(scanRuns.id, runIds), inArray(scanRuns.status, ['queued', 'running'])))).map((r) => r.id),
      );
      const groups = new Map<string, NotificationEventRow[]>();
      for (const event of waiting) {
        const key = event.runId === null ? `event:${event.id}` : `run:${event.runId}`;
        groups.set(key, [...(groups.get(key) ?? []), event]);
      }
      for (const [key, batchGroup] of groups) {
        const first = batchGroup[0]!;
        if (first.runId !== null && running.has(first.runId) && now.getTime() - first.createdAt.getTime() < RUN_WAIT_MS) continue;
        // All of the run's waiting events, not only this batch's: waits for another dispatcher holding some,
        // then sees them dispatched (the WHERE is checked again), so each event is told of once.
        const group =
          first.runId === null
            ? batchGroup
            : await tx
                .select()
                .from(notificationEvents)
                .where(and(eq(notificationEvents.runId, first.runId), eq(notificationEvents.userId, first.userId), isNull(notificationEvents.dispatchedAt)))
                .orderBy(asc(notificationEvents.id))
                .for('update');
        if (group.length === 0) continue;
        try {
          // A savepoint: a group that cannot be dispatched (its user's data is broken) stays waiting, and holds up no one else.
          created.push(...(await tx.transaction((inner) => deliverGroup(inner, config, key, group, now))));
        } catch (error) {
          log?.error({ err: error, userId: first.userId, key }, 'notification events not dispatched; tried again at the next tick');
        }
      }
      return waiting[waiting.length - 1]!.id;
    });
    if (outcome === null) break;
    after = outcome;
  }
  return created;
}

function sqlIdAfter(after: number) {
  return after > 0 ? gt(notificationEvents.id, after) : undefined;
}

async function deliverGroup(tx: Tx, config: Config, key: string, rows: NotificationEventRow[], now: Date): Promise<number[]> {
  const userId = rows[0]!.userId;
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  const [stored] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  const settings = withDefaults(stored);
  const events = rows.flatMap((row) => {
    const parsed = notificationEventSchema.safeParse({ id: row.id, kind: row.kind, createdAt: row.createdAt.toISOString(), payload: row.payload });
    return parsed.success ? [parsed.data] : [];
  });
  const routes = new Map<number, 'instant' | 'digest' | 'none'>(rows.map((r) => [r.id, 'none']));
  const created: number[] = [];
  // The demo account and unverified addresses are never written to.
  const reachable = user !== undefined && !user.isDemo;
  const kind: DeliveryKind = events.some((e) => e.kind === 'cleanup.completed') ? 'cleanup' : 'scan';
  const subjectOf = (chosen: NotificationEvent[]): DeliverySubject => ({ userId, kind, events: chosen, details: {}, timeZone: settings.timeZone });

  if (reachable && user.emailVerified && settings.emailNotifications) {
    const chosen = events.filter((e) => wants('email', settings, e));
    const digest = settings.digestFrequency !== 'instantly';
    for (const e of chosen) routes.set(e.id, digest ? 'digest' : 'instant');
    if (chosen.length > 0 && !digest) {
      const id = await insertNotice(tx, { userId, channel: 'email', kind, key: `email:${key}`, eventIds: chosen.map((e) => e.id), target: emailTarget(user, settings), subject: (await renderDeliveryEmail(config, subjectOf(chosen))).subject, now });
      if (id !== null) created.push(id);
    }
  }
  if (reachable && settings.slackNotifications && settings.slackBotToken && settings.slackChannel && allowsChatNotifications(user, now)) {
    const chosen = events.filter((e) => wants('slack', settings, e));
    if (chosen.length > 0) {
      const id = await insertNotice(tx, { userId, channel: 'slack', kind, key: `slack:${key}`, eventIds: chosen.map((e) => e.id), target: settings.slackChannel, subject: renderDeliverySlack(config, subjectOf(chosen)).text, now });
      if (id !== null) created.push(id);
    }
  }
  for (const route of ['instant', 'digest', 'none'] as const) {
    const ids = rows.filter((r) => routes.get(r.id) === route).map((r) => r.id);
    if (ids.length > 0) await tx.update(notificationEvents).set({ dispatchedAt: now, emailRoute: route }).where(inArray(notificationEvents.id, ids));
  }
  return created;
}

/**
 * The notice of a group, under its key; events of a run told of already (a run that outlived the
 * wait, then wrote more) get a notice of their own, keyed by their first event, rather than none.
 */
async function insertNotice(tx: Tx, d: NewDelivery): Promise<number | null> {
  return (await insertDelivery(tx, d)) ?? insertDelivery(tx, { ...d, key: `${d.key}:from-event-${d.eventIds[0]}` });
}

export interface NewDelivery {
  userId: number;
  channel: NotificationChannel;
  kind: DeliveryKind;
  /** Unique for what is delivered where: a second insert of the same key is ignored. */
  key: string;
  eventIds: number[];
  details?: Record<string, unknown>;
  target: string;
  subject: string;
  now: Date;
}

/** A delivery, unless one with its key exists: returns the new row's id, or null. */
export async function insertDelivery(tx: Tx | Db, d: NewDelivery): Promise<number | null> {
  const [row] = await tx
    .insert(notificationDeliveries)
    .values({ userId: d.userId, channel: d.channel, kind: d.kind, idempotencyKey: d.key, eventIds: d.eventIds, details: d.details ?? {}, target: d.target, subject: d.subject.slice(0, 300) })
    .onConflictDoNothing({ target: notificationDeliveries.idempotencyKey })
    .returning({ id: notificationDeliveries.id });
  return row?.id ?? null;
}
