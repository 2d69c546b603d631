/**
 * The demo's notification history: what its last two weekly scans would have sent, by email
 * and to Slack, including one Slack message that failed because the bot was not in the
 * channel (the most common mistake, so visitors see how a failure reads). The events carry
 * the scans' real figures; the deliveries are marked sent or failed, so no job ever sends them.
 */
import { asc, eq } from 'drizzle-orm';
import { HEALTH_CHANGE_THRESHOLD, type DeliveryKind, type NotificationChannel, type NotificationEventKind } from '../../../shared/contracts/notifications';
import type { Db } from '../../db/client';
import { duplicateGroups, notificationDeliveries, notificationEvents, scanHistory, scanRuns, userSettings } from '../../db/schema';

/** Where the demo team's notifications go: a reserved domain, so nothing could ever reach anyone. */
export const DEMO_NOTIFICATION_EMAIL = 'revops@demo-company.example';
/** The channels the demo team posts to: one the bot was invited to, one it was not. */
export const DEMO_SLACK_CHANNEL = '#crm-alerts';
const UNINVITED_CHANNEL = '#revops';

interface ScanFacts {
  scanId: number;
  objectType: string;
  totalRecords: number;
  duplicateRecords: number;
  healthScore: number;
  previousHealthScore: number | null;
  /** Groups found by this scan that no earlier scan had found. */
  newGroups: number;
  newRecords: number;
  /** Groups waiting for review right after the scan (those decided later included). */
  pendingGroups: number;
}

interface RunFacts {
  runId: number;
  at: Date;
  finishedAt: Date;
  scans: ScanFacts[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The newest `count` runs, newest first, with each type's figures as the scan stored them. */
async function recentRuns(db: Db, userId: number, count: number): Promise<RunFacts[]> {
  const runs = await db.select({ id: scanRuns.id, at: scanRuns.createdAt, finishedAt: scanRuns.finishedAt }).from(scanRuns).where(eq(scanRuns.userId, userId)).orderBy(asc(scanRuns.createdAt));
  const scans = await db.select().from(scanHistory).where(eq(scanHistory.userId, userId)).orderBy(asc(scanHistory.timestamp));
  const groups = await db
    .select({ objectType: duplicateGroups.objectType, createdAt: duplicateGroups.createdAt, updatedAt: duplicateGroups.updatedAt, status: duplicateGroups.status, records: duplicateGroups.records })
    .from(duplicateGroups)
    .where(eq(duplicateGroups.userId, userId));
  const previousScore = new Map<string, number>();
  const facts: RunFacts[] = [];
  for (const run of runs) {
    const ofRun = scans.filter((scan) => scan.runId === run.id);
    const at = run.at.getTime();
    facts.push({
      runId: run.id,
      at: run.at,
      finishedAt: run.finishedAt ?? run.at,
      scans: ofRun.map((scan) => {
        const found = groups.filter((g) => g.objectType === scan.objectType && g.createdAt.getTime() === at);
        const pending = groups.filter((g) => g.objectType === scan.objectType && g.createdAt.getTime() <= at && (g.status === 'pending' || g.updatedAt.getTime() > at));
        const facts: ScanFacts = {
          scanId: scan.id,
          objectType: scan.objectType,
          totalRecords: scan.totalRecords,
          duplicateRecords: scan.duplicateRecords,
          healthScore: scan.healthScore,
          previousHealthScore: previousScore.get(scan.objectType) ?? null,
          newGroups: found.length,
          newRecords: found.reduce((sum, g) => sum + (g.records as unknown[]).length, 0),
          pendingGroups: pending.length,
        };
        previousScore.set(scan.objectType, scan.healthScore);
        return facts;
      }),
    });
  }
  return facts.slice(-count).reverse();
}

/** The outbox events one run wrote, already dispatched; their ids by kind. */
async function writeEvents(db: Db, userId: number, run: RunFacts): Promise<{ id: number; kind: NotificationEventKind }[]> {
  const rows: { kind: NotificationEventKind; payload: Record<string, unknown> }[] = [];
  const scannedAt = run.at.toISOString();
  for (const scan of run.scans) {
    rows.push({
      kind: 'scan.completed',
      payload: {
        runId: run.runId,
        trigger: 'schedule',
        scanId: scan.scanId,
        objectType: scan.objectType,
        totalRecords: scan.totalRecords,
        duplicateRecords: scan.duplicateRecords,
        duplicateGroups: scan.pendingGroups,
        newDuplicateGroups: scan.newGroups,
        healthScore: scan.healthScore,
        previousHealthScore: scan.previousHealthScore,
        scannedAt,
      },
    });
    if (scan.newGroups > 0) {
      rows.push({
        kind: 'duplicates.found',
        payload: { runId: run.runId, scanId: scan.scanId, objectType: scan.objectType, newGroups: scan.newGroups, totalGroups: scan.pendingGroups, newRecords: scan.newRecords, foundAt: scannedAt },
      });
    }
    if (scan.previousHealthScore !== null && Math.abs(scan.healthScore - scan.previousHealthScore) >= HEALTH_CHANGE_THRESHOLD) {
      rows.push({
        kind: 'health.changed',
        payload: { runId: run.runId, scanId: scan.scanId, objectType: scan.objectType, healthScore: scan.healthScore, previousHealthScore: scan.previousHealthScore, change: round1(scan.healthScore - scan.previousHealthScore) },
      });
    }
  }
  if (rows.length === 0) return [];
  return db
    .insert(notificationEvents)
    .values(rows.map((row) => ({ userId, kind: row.kind, runId: run.runId, payload: row.payload, createdAt: run.finishedAt, dispatchedAt: run.finishedAt, emailRoute: 'instant' })))
    .returning({ id: notificationEvents.id, kind: notificationEvents.kind }) as Promise<{ id: number; kind: NotificationEventKind }[]>;
}

function scanHeadline(run: RunFacts): string {
  const found = run.scans.reduce((sum, scan) => sum + scan.newGroups, 0);
  return found > 0 ? `Scan finished: ${plural(found, 'new duplicate group', 'new duplicate groups')} found` : 'Scan finished: no new duplicates';
}

interface DemoDelivery {
  channel: NotificationChannel;
  kind: DeliveryKind;
  target: string;
  subject: string;
  eventIds: number[];
  createdAt: Date;
  failure?: { code: string; message: string };
}

/**
 * The demo team's notification settings (email to the team, Slack to #crm-alerts, New York
 * time) and the history they produced. Runs inside the demo's build transaction.
 */
export async function seedDemoNotifications(db: Db, userId: number): Promise<void> {
  const email = DEMO_NOTIFICATION_EMAIL;
  await db.insert(userSettings).values({ userId, emailNotifications: true, notificationEmail: email, slackNotifications: true, slackChannel: DEMO_SLACK_CHANNEL, timeZone: 'America/New_York' });
  const [latest, previous] = await recentRuns(db, userId, 2);
  if (!latest) return;
  const deliveries: DemoDelivery[] = [];
  const seconds = (date: Date, n: number) => new Date(date.getTime() + n * 1000);
  // Oldest first, as the outbox would have filled.
  if (previous) {
    const previousEvents = (await writeEvents(db, userId, previous)).map((e) => e.id);
    deliveries.push(
      { channel: 'email', kind: 'scan', target: email, subject: scanHeadline(previous), eventIds: previousEvents, createdAt: seconds(previous.finishedAt, 5) },
      {
        channel: 'slack',
        kind: 'scan',
        target: UNINVITED_CHANNEL,
        subject: scanHeadline(previous),
        eventIds: previousEvents,
        createdAt: seconds(previous.finishedAt, 5),
        failure: { code: 'not_in_channel', message: `The DataCleaner bot is not a member of ${UNINVITED_CHANNEL}. In Slack, open ${UNINVITED_CHANNEL} and type /invite @DataCleaner, then send a test message.` },
      },
      // The weekly report follows the previous week's scan by a day.
      { channel: 'email', kind: 'weekly-report', target: email, subject: 'Your weekly CRM health report', eventIds: [], createdAt: new Date(previous.finishedAt.getTime() + 24 * 3600_000) },
    );
  }
  const latestEvents = (await writeEvents(db, userId, latest)).map((e) => e.id);
  deliveries.push(
    { channel: 'email', kind: 'scan', target: email, subject: scanHeadline(latest), eventIds: latestEvents, createdAt: seconds(latest.finishedAt, 5) },
    { channel: 'slack', kind: 'scan', target: DEMO_SLACK_CHANNEL, subject: scanHeadline(latest), eventIds: latestEvents, createdAt: seconds(latest.finishedAt, 5) },
  );
  await db.insert(notificationDeliveries).values(
    deliveries.map((delivery, i) => ({
      userId,
      channel: delivery.channel,
      kind: delivery.kind,
      idempotencyKey: `demo:${userId}:${i}`,
      eventIds: delivery.eventIds,
      target: delivery.target,
      subject: delivery.subject,
      status: delivery.failure ? 'failed' : 'sent',
      attempts: 1,
      nextAttemptAt: delivery.createdAt,
      errorCode: delivery.failure?.code ?? null,
      errorMessage: delivery.failure?.message ?? null,
      createdAt: delivery.createdAt,
      sentAt: delivery.failure ? null : seconds(delivery.createdAt, 2),
    })),
  );
}

