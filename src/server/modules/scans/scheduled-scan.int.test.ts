import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmConnections, scanRuns, userSettings, users } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { activeUser, expireTrial } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { applyScanSchedule, runScheduledScan, scanCron, scanScheduleKey, scheduledScanJob } from './scheduled-scan';

const ctx = useTestApp({ work: false });

const deps = () => ({ db: ctx.database.db, queue: ctx.queue, log: ctx.app.log });

async function userId(email: string): Promise<number> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function connect(id: number, values: { isConnected?: boolean; accessToken?: string | null } = {}) {
  const box = await secretBoxFor(ctx.config);
  await ctx.database.db.insert(crmConnections).values({
    userId: id,
    authType: 'private_app',
    accessToken: 'accessToken' in values ? values.accessToken : box.seal('pat-na1-dummy-token'),
    hubId: `hub-${id}`,
    isConnected: values.isConnected ?? true,
  });
}

/** A verified user on an active trial, connected to HubSpot unless told otherwise. */
async function scheduledUser(email: string, options: { connected?: boolean } = {}): Promise<number> {
  await activeUser(ctx, email);
  const id = await userId(email);
  if (options.connected !== false) await connect(id);
  return id;
}

const runsOf = (id: number) => ctx.database.db.select().from(scanRuns).where(eq(scanRuns.userId, id));

describe('the scheduled-scan job', () => {
  it('starts a scan of the chosen object types, triggered by the schedule', async () => {
    const id = await scheduledUser('scheduled@example.com');
    await ctx.database.db.insert(userSettings).values({ userId: id, objectsToAnalyze: ['companies', 'deals'] });

    const outcome = await runScheduledScan(deps(), id);
    expect(outcome).toEqual({ started: expect.any(Number) });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'queued', trigger: 'schedule', objectTypes: ['companies', 'deals'] });
    const jobs = await ctx.queue.boss.findJobs('scan', { data: { runId: run!.id } });
    expect(jobs).toHaveLength(1);
  });

  it('scans every object type when no settings are stored', async () => {
    const id = await scheduledUser('scheduled-defaults@example.com');
    await scheduledScanJob.handler({ userId: id }, { ...deps(), config: ctx.config, signal: new AbortController().signal });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ trigger: 'schedule', objectTypes: ['contacts', 'companies', 'deals', 'tickets'] });
  });

  it('skips quietly while a scan is already running', async () => {
    const id = await scheduledUser('busy@example.com');
    await ctx.database.db.insert(scanRuns).values({ userId: id, status: 'running', objectTypes: ['contacts'] });
    expect(await runScheduledScan(deps(), id)).toEqual({ skipped: 'a scan is already running' });
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('skips quietly without a HubSpot connection', async () => {
    const never = await scheduledUser('never-connected@example.com', { connected: false });
    expect(await runScheduledScan(deps(), never)).toEqual({ skipped: 'HubSpot is not connected' });

    const disconnected = await scheduledUser('disconnected@example.com', { connected: false });
    await connect(disconnected, { isConnected: false, accessToken: null });
    expect(await runScheduledScan(deps(), disconnected)).toEqual({ skipped: 'HubSpot is not connected' });
    expect(await ctx.database.db.select().from(scanRuns).where(inArray(scanRuns.userId, [never, disconnected]))).toEqual([]);
  });

  it('skips quietly for a user who is gone, and removes their schedule', async () => {
    const id = await scheduledUser('leaving@example.com');
    await applyScanSchedule(ctx.queue, id, 'weekly');
    await ctx.database.db.delete(users).where(eq(users.id, id));
    expect(await runScheduledScan(deps(), id)).toEqual({ skipped: 'the user no longer exists' });
    expect(await ctx.queue.boss.getSchedule('scheduled-scan', scanScheduleKey(id))).toBeNull();
  });

  it('skips quietly for a user without an active plan, keeping the schedule for when they subscribe', async () => {

    const id = await scheduledUser('lapsed@example.com');
    await applyScanSchedule(ctx.queue, id, 'weekly');
    await expireTrial(ctx.database.db, 'lapsed@example.com');
    expect(await runScheduledScan(deps(), id)).toEqual({ skipped: 'no active plan' });
    expect(await runsOf(id)).toEqual([]);
    expect(await ctx.queue.boss.getSchedule('scheduled-scan', scanScheduleKey(id))).not.toBeNull();
  });

  it('does nothing for a user who went back to manual scans before the schedule was removed', async () => {
    const id = await scheduledUser('manual@example.com');
    await applyScanSchedule(ctx.queue, id, 'monthly');
    await ctx.database.db.insert(userSettings).values({ userId: id, analysisFrequency: 'manual' });
    expect(await runScheduledScan(deps(), id)).toEqual({ skipped: 'scans are manual' });
    expect(await ctx.queue.boss.getSchedule('scheduled-scan', scanScheduleKey(id))).toBeNull();
  });

  it('scans a daily schedule only on Mondays once the plan no longer offers daily scans', async () => {
    const id = await scheduledUser('downgraded@example.com');
    await ctx.database.db.insert(userSettings).values({ userId: id, analysisFrequency: 'daily' });
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.id, id));
    const tuesday = new Date('2030-01-08T03:00:00Z');
    const monday = new Date('2030-01-07T03:00:00Z');
    expect(await runScheduledScan(deps(), id, tuesday)).toEqual({ skipped: 'daily scans need Professional; scanning weekly' });
    expect(await runScheduledScan(deps(), id, monday)).toEqual({ started: expect.any(Number) });
    expect(await ctx.database.db.select().from(scanRuns).where(and(eq(scanRuns.userId, id), eq(scanRuns.trigger, 'schedule')))).toHaveLength(1);
  });

  it('is in the registry with a queue of its own', async () => {
    expect(await ctx.queue.boss.getQueue('scheduled-scan')).toMatchObject({ name: 'scheduled-scan' });
  });
});

describe('scanCron', () => {
  it('spreads users over minutes and the hours 02-05 UTC, per frequency', () => {
    expect(scanCron(0, 'daily')).toBe('0 2 * * *');
    expect(scanCron(61, 'weekly')).toBe('1 3 * * 1');
    expect(scanCron(59 + 60 * 3, 'monthly')).toBe('59 5 1 * *');
    expect(scanCron(240, 'daily')).toBe('0 2 * * *');
    expect(scanCron(7, 'manual')).toBeNull();
    const slots = new Set(Array.from({ length: 240 }, (_, id) => scanCron(id, 'daily')));
    expect(slots.size).toBe(240);
  });
});
