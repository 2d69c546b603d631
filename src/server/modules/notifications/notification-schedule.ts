import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { DeliveryKind } from '../../../shared/contracts/notifications';
import type { Db } from '../../db/client';
import { notificationDeliveries, notificationEvents, userSettings, users } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { allowsChatNotifications, allowsWeeklyReports } from '../accounts';
import { loadEvents, renderDeliveryEmail, renderDeliverySlack, type DeliveryDetails } from './delivery-content';
import { queueDelivery } from './deliver-notification';
import { dispatchEvents, emailTarget, insertDelivery, withDefaults } from './dispatch-events';
import { buildWeeklyReport, weekBounds } from './weekly-report';

/** Digests and weekly reports go out at this hour of the user's day (or later that day, after downtime). */
export const SEND_HOUR = 8;
/** A pending delivery whose job went missing (a crash between commit and queueing) is queued again after this. */
const STALE_MS = 5 * 60_000;

/** Right after a scan or cleanup ends: its notices go out now, not at the next tick. */
export const dispatchNotificationsJob = defineJob({
  name: 'notification-dispatch',
  payload: z.object({}),
  retryLimit: 2,
  pollingIntervalSeconds: 1,
  handler: async (_payload, context) => {
    await dispatchAndQueue(context);
  },
});

/**
 * Every minute: dispatch what the nudge missed, queue again what a crash left behind, and make
 * the digests and weekly reports that are due. Each is idempotent, so overlapping ticks are harmless.
 */
export const notificationsTickJob = defineJob({
  name: 'notifications-tick',
  payload: z.object({}),
  schedule: () => '* * * * *',
  retryLimit: 0,
  handler: async (_payload, context) => {
    await runNotificationsTick(context);
  },
});

type Context = Pick<JobContext, 'db' | 'config' | 'log' | 'queue'>;

export async function dispatchAndQueue(context: Context, now = new Date()): Promise<number[]> {
  const created = await dispatchEvents(context, now);
  for (const id of created) await queueDelivery(context.queue, id);
  return created;
}

export async function runNotificationsTick(context: Context, now = new Date()): Promise<{ dispatched: number[]; requeued: number[]; digests: number[]; reports: number[] }> {
  const dispatched = await dispatchAndQueue(context, now);
  const requeued = await requeueStale(context, now);
  const digests = await createDigests(context, now);
  const reports = await createWeeklyReports(context, now);
  for (const id of [...digests, ...reports]) await queueDelivery(context.queue, id);
  return { dispatched, requeued, digests, reports };
}

async function requeueStale({ db, queue }: Context, now: Date): Promise<number[]> {
  const stale = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      or(
        and(inArray(notificationDeliveries.status, ['pending', 'retrying']), lt(notificationDeliveries.nextAttemptAt, new Date(now.getTime() - STALE_MS))),
        and(eq(notificationDeliveries.status, 'sending'), lt(notificationDeliveries.claimedAt, new Date(now.getTime() - STALE_MS))),
      ),
    )
    .limit(500);
  for (const { id } of stale) await queueDelivery(queue, id);
  return stale.map((s) => s.id);
}

/** The user's wall clock: the date (YYYY-MM-DD), weekday (1 = Monday ... 7 = Sunday) and hour. */
export function localTime(now: Date, timeZone: string): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour: Number(parts.hour) };
}

function zoneOf(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** People who can be written to: not the demo, with a verified address. */
async function reachableUsers(db: Db) {
  return db
    .select({ user: users, settings: userSettings })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(users.isDemo, false), eq(users.emailVerified, true)));
}

/** One digest per user and local day (daily) or Monday (weekly), of the events held back for it. */
async function createDigests({ db, config }: Context, now: Date): Promise<number[]> {
  const created: number[] = [];
  const candidates = await db
    .select({ user: users, settings: userSettings })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(users.isDemo, false), eq(users.emailVerified, true), eq(userSettings.emailNotifications, true), inArray(userSettings.digestFrequency, ['daily', 'weekly'])));
  for (const { user, settings } of candidates) {
    const zone = zoneOf(settings.timeZone);
    const local = localTime(now, zone);
    const frequency = settings.digestFrequency as 'daily' | 'weekly';
    if (local.hour < SEND_HOUR || (frequency === 'weekly' && local.weekday !== 1)) continue;
    const [last] = await db
      .select({ createdAt: notificationDeliveries.createdAt })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, user.id), eq(notificationDeliveries.kind, 'digest')))
      .orderBy(desc(notificationDeliveries.id))
      .limit(1);
    const id = await db.transaction(async (tx) => {
      // Every routed event no digest took, whenever it was routed (a run that ended after the last digest).
      const waiting = await tx
        .select({ id: notificationEvents.id, createdAt: notificationEvents.createdAt })
        .from(notificationEvents)
        .where(and(eq(notificationEvents.userId, user.id), eq(notificationEvents.emailRoute, 'digest'), isNull(notificationEvents.digestDeliveryId)))
        .orderBy(notificationEvents.id)
        .limit(1000)
        .for('update', { skipLocked: true });
      if (waiting.length === 0) return null;
      const eventIds = waiting.map((e) => e.id);
      const details: DeliveryDetails = { digest: { frequency, from: (last?.createdAt ?? waiting[0]!.createdAt).toISOString(), to: now.toISOString() } };
      const subject = (await renderDeliveryEmail(config, { userId: user.id, kind: 'digest', events: await loadEvents(tx, eventIds), details, timeZone: settings.timeZone })).subject;
      const made = await insertDelivery(tx, { userId: user.id, channel: 'email', kind: 'digest', key: `email:digest:${user.id}:${local.date}`, eventIds, details: { ...details }, target: emailTarget(user, settings), subject, now });
      if (made !== null) await tx.update(notificationEvents).set({ digestDeliveryId: made }).where(inArray(notificationEvents.id, eventIds));
      return made;
    });
    if (id !== null) created.push(id);
  }
  return created;
}

/** On Monday from 8:00 in the user's zone: the report of the week that just ended, by email and Slack as they chose. */
async function createWeeklyReports({ db, config }: Context, now: Date): Promise<number[]> {
  const created: number[] = [];
  for (const { user, settings: stored } of await reachableUsers(db)) {
    const settings = withDefaults(stored ?? undefined);
    const zone = zoneOf(settings.timeZone);
    const local = localTime(now, zone);
    if (local.weekday !== 1 || local.hour < SEND_HOUR) continue;
    const email = settings.emailNotifications && settings.emailWeeklyReport && allowsWeeklyReports(user, now);
    const slack = settings.slackNotifications && settings.slackSendWeeklyReport && Boolean(settings.slackBotToken && settings.slackChannel) && allowsChatNotifications(user, now);
    const keys = [...(email ? [`email:weekly:${user.id}:${local.date}`] : []), ...(slack ? [`slack:weekly:${user.id}:${local.date}`] : [])];
    if (keys.length === 0) continue;
    const made = new Set((await db.select({ key: notificationDeliveries.idempotencyKey }).from(notificationDeliveries).where(inArray(notificationDeliveries.idempotencyKey, keys))).map((r) => r.key));
    if (keys.every((key) => made.has(key))) continue;
    const report = await buildWeeklyReport(db, user.id, { ...weekBounds(now, zone), timeZone: zone });
    if (!report) continue;
    const details: DeliveryDetails = { report };
    const subjectOf = { userId: user.id, kind: 'weekly-report' as DeliveryKind, events: [], details, timeZone: settings.timeZone };
    if (email && !made.has(keys[0]!)) {
      const id = await insertDelivery(db, { userId: user.id, channel: 'email', kind: 'weekly-report', key: keys[0]!, eventIds: [], details: { ...details }, target: emailTarget(user, settings), subject: (await renderDeliveryEmail(config, subjectOf)).subject, now });
      if (id !== null) created.push(id);
    }
    const slackKey = keys.find((k) => k.startsWith('slack:'));
    if (slackKey && !made.has(slackKey)) {
      const id = await insertDelivery(db, { userId: user.id, channel: 'slack', kind: 'weekly-report', key: slackKey, eventIds: [], details: { ...details }, target: settings.slackChannel!, subject: renderDeliverySlack(config, subjectOf).text, now });
      if (id !== null) created.push(id);
    }
  }
  return created;
}

