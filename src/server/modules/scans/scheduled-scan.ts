import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SETTINGS_DEFAULTS, type ANALYSIS_FREQUENCIES } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { userSettings } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import { HttpError } from '../../http/errors';
import { allowsDailySchedule, effectivePlan, findUserById } from '../accounts';
import { findConnection } from '../hubspot';
import { startScan } from './start-scan';

export type AnalysisFrequency = (typeof ANALYSIS_FREQUENCIES)[number];

const JOB_NAME = 'scheduled-scan';

/**
 * Fired by the user's own pg-boss schedule (see applyScanSchedule): starts a scan of the
 * object types they chose. Anything that makes a scan pointless or impossible right now is
 * skipped quietly; the next occurrence tries again.
 */
export const scheduledScanJob = defineJob({
  name: JOB_NAME,
  payload: z.object({ userId: z.number().int().positive() }),
  // A skip is not a failure, and a retry of a real failure would only scan later than planned.
  retryLimit: 1,
  handler: async ({ userId }, context) => {
    await runScheduledScan(context, userId);
  },
});

export type ScheduledScanOutcome = { started: number } | { skipped: string };

export async function runScheduledScan({ db, queue, log }: Pick<JobContext, 'db' | 'queue' | 'log'>, userId: number, now = new Date()): Promise<ScheduledScanOutcome> {
  const skip = (reason: string): ScheduledScanOutcome => {
    log.info({ userId, reason }, 'scheduled scan skipped');
    return { skipped: reason };
  };
  // A schedule nobody needs any more removes itself rather than firing for ever.
  const unschedule = () => queue.boss.unschedule(JOB_NAME, scanScheduleKey(userId));
  const user = await findUserById(db, userId);
  if (!user) {
    await unschedule();
    return skip('the user no longer exists');
  }
  const connection = await findConnection(db, userId);
  if (!connection?.isConnected || !connection.accessToken) return skip('HubSpot is not connected');
  if (!effectivePlan(user, now)) return skip('no active plan');
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  const frequency = settings?.analysisFrequency ?? SETTINGS_DEFAULTS.analysisFrequency;
  if (frequency === 'manual') {
    await unschedule();
    return skip('scans are manual');
  }
  // A plan without daily scans (after a trial or a downgrade) keeps its daily schedule but scans weekly, on Mondays.
  if (frequency === 'daily' && !allowsDailySchedule(user) && now.getUTCDay() !== 1) return skip('daily scans need Professional; scanning weekly');
  const chosen = (settings?.objectsToAnalyze ?? []).filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t));
  try {
    const runId = await startScan(db, queue, userId, chosen.length > 0 ? chosen : OBJECT_TYPES, 'schedule');
    log.info({ userId, runId }, 'scheduled scan started');
    return { started: runId };
  } catch (error) {
    if (error instanceof HttpError && error.code === 'SCAN_IN_PROGRESS') return skip('a scan is already running');
    throw error;
  }
}

/** One schedule per user, under this key of the scheduled-scan queue. */
export function scanScheduleKey(userId: number): string {
  return `user-${userId}`;
}

/**
 * The cron (UTC) of a user's scans, or null for manual. Users are spread over 240 slots
 * between 02:00 and 05:59 so that scans (and HubSpot's rate limits) are not all at once.
 */
export function scanCron(userId: number, frequency: AnalysisFrequency): string | null {
  const minute = userId % 60;
  const hour = 2 + (Math.floor(userId / 60) % 4);
  switch (frequency) {
    case 'manual':
      return null;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * 1`;
    case 'monthly':
      return `${minute} ${hour} 1 * *`;
  }
}

/**
 * Creates, changes or removes the user's scan schedule so that it matches the frequency.
 * Idempotent, and it writes only when something changes, so callers may apply it freely.
 */
export async function applyScanSchedule(queue: JobQueue, userId: number, frequency: AnalysisFrequency): Promise<string | null> {
  const key = scanScheduleKey(userId);
  const cron = scanCron(userId, frequency);
  const current = await queue.boss.getSchedule(JOB_NAME, key);
  if (!cron) {
    if (current) await queue.boss.unschedule(JOB_NAME, key);
    return null;
  }
  if (current?.cron !== cron) {
    // 'once': a scan due while the server was down runs when it is back, not a week later.
    await queue.boss.schedule(JOB_NAME, cron, { userId }, { key, tz: 'UTC', missed: 'once' });
  }
  return cron;
}

/** When the schedule next fires, or null for manual. */
export function nextScheduledScan(queue: JobQueue, cron: string | null): Date | null {
  if (!cron) return null;
  return queue.boss.previewSchedule(cron, { tz: 'UTC', count: 1 })[0] ?? null;
}
