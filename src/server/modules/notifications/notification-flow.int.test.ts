import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import { startSlackSandbox, type SlackSandbox } from '../../../../tools/slack-sandbox/sandbox';
import type { NotificationHistory } from '../../../shared/contracts/notifications';
import type { ScanRun } from '../../../shared/contracts/scans';
import { notificationDeliveries, notificationEvents, scanHistory, scanRuns, users } from '../../db/schema';
import { COMPLETE_PROFILE, login, register } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startSmtpServer } from '../../test/smtp-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { deliverNotification } from './deliver-notification';
import { dispatchAndQueue, notificationsTickJob, runNotificationsTick } from './notification-schedule';
import { recordCleanupEvent, recordScanEvents } from './outbox-events';

let sandbox: Sandbox;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let slack: SlackSandbox;
let ctx: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 601, contacts: 400, companies: 120, seed: 7 }], rateLimits: false });
  smtp = await startSmtpServer();
  slack = await startSlackSandbox();
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SLACK_API_URL: slack.apiUrl } });
  // The tests run the minute tick themselves, at the times they choose: the real one, at today's
  // local hour, would make today's digests and reports first.
  await ctx.queue.boss.unschedule(notificationsTickJob.name);
});

afterAll(async () => {
  await ctx?.stop();
  await slack?.close();
  await smtp?.close();
  await sandbox?.close();
});

/** A verified user with a complete profile: with SMTP set, the verification email goes to the SMTP server, not the outbox. */
async function activeUser(app: TestApp, email: string): Promise<string> {
  await register(app.app, email);
  await app.database.db.update(users).set({ emailVerified: true, emailVerifiedAt: new Date(), verificationToken: null }).where(eq(users.email, email));
  const { cookie } = await login(app.app, email);
  await app.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: COMPLETE_PROFILE });
  return cookie;
}

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function userId(email: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function scan(cookie: string, objectTypes: string[] = ['contacts', 'companies']): Promise<ScanRun> {
  const started = await send(cookie, 'POST', '/api/scans', { objectTypes });
  expect(started.statusCode).toBe(202);
  const { id } = started.json() as ScanRun;
  return pollUntil(async () => (await get(cookie, `/api/scans/${id}`)).json() as ScanRun, (run) => !['queued', 'running'].includes(run.status), 60_000, (run) => `scan ${id}: ${run.status}`);
}

/** Waits until every event of the user has been dispatched, so "nothing was sent" is a fact, not a race. */
async function dispatched(id: number): Promise<void> {
  await pollUntil(
    async () => ctx.database.db.select({ id: notificationEvents.id }).from(notificationEvents).where(and(eq(notificationEvents.userId, id), isNull(notificationEvents.dispatchedAt))),
    (waiting) => waiting.length === 0,
    30_000,
    (waiting) => `${waiting.length} events still waiting`,
  );
}

/** Notification emails (they carry List-Unsubscribe; account emails do not). */
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address) && /^List-Unsubscribe:/m.test(m.raw));
const history = async (cookie: string) => (await get(cookie, '/api/settings/notifications/history')).json() as NotificationHistory;

describe('scan notifications by email', () => {
  it('emails one notice per scan with both parts and a one-click unsubscribe, and lists it in the history', async () => {
    const address = 'notify@example.com';
    const cookie = await activeUser(ctx, address);
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    const run = await scan(cookie);
    expect(run.status).toBe('completed');

    const [mail] = await pollUntil(async () => mailsTo(address), (m) => m.length >= 1, 30_000, () => 'no email yet');
    expect(mailsTo(address)).toHaveLength(1);
    expect(mail!.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>/m);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toMatch(/^Message-ID: <notification-\d+@/m);

    const id = await userId(address);
    const events = await ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.userId, id));
    expect(events.map((e) => e.kind).sort()).toEqual(expect.arrayContaining(['scan.completed', 'scan.completed']));
    expect(events.filter((e) => e.kind === 'scan.completed')).toHaveLength(2);
    expect(events.every((e) => e.runId === run.id && e.emailRoute === 'instant')).toBe(true);

    const list = await pollUntil(() => history(cookie), (h) => h.deliveries[0]?.status === 'sent', 30_000, (h) => JSON.stringify(h.deliveries));
    expect(list.total).toBe(1);
    expect(list.deliveries[0]).toMatchObject({ channel: 'email', kind: 'scan', status: 'sent', target: address, attempts: 1, error: null });
    expect(list.deliveries[0]!.events).toContain('scan.completed');
  });

  it('tells of a scan that failed, with the reason and what it finished first, by email and in Slack', async () => {
    const address = 'failed-scan@example.com';
    const cookie = await activeUser(ctx, address);
    // A token that may read companies but not contacts: companies finish, contacts fail.
    const limited = sandbox.addPrivateApp(601, { scopes: ['crm.objects.companies.read'] });
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: limited.token });
    expect((await send(cookie, 'PUT', '/api/settings', { slackNotifications: true, slackBotToken: slack.botToken, slackChannel: '#general' })).statusCode).toBe(200);
    const run = await scan(cookie, ['companies', 'contacts']);
    expect(run.status).toBe('failed');
    const [mail] = await pollUntil(async () => mailsTo(address), (m) => m.length === 1, 30_000, (m) => `${m.length} emails`);
    expect(mail!.raw).toMatch(/^Subject: Scan failed: contacts and companies/m);
    expect(mail!.raw).toContain('not allowed to read contacts');
    const key = `slack:run:${run.id}`;
    const [posted] = await pollUntil(
      async () => slack.messages('#general').filter((m) => (m.metadata?.event_payload as { key?: string } | undefined)?.key === key),
      (m) => m.length === 1,
      30_000,
      (m) => `${m.length} messages`,
    );
    expect(posted!.text).toBe('Scan failed: Contacts, Companies');
    expect(JSON.stringify(posted!.blocks)).toContain('Finished first, and saved: Companies.');
  });

  it('finds no new duplicates in an unchanged portal, and sends nothing when email notifications are off', async () => {
    const address = 'quiet@example.com';
    const cookie = await activeUser(ctx, address);
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    await scan(cookie, ['contacts']);
    const id = await userId(address);
    await dispatched(id);
    const first = await ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.userId, id));
    const foundFirst = first.filter((e) => e.kind === 'duplicates.found');

    await scan(cookie, ['contacts']);
    await dispatched(id);
    const second = (await ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.userId, id))).filter((e) => !first.some((f) => f.id === e.id));
    expect(second.map((e) => e.kind)).toEqual(['scan.completed']);
    expect(second[0]!.payload).toMatchObject({ newDuplicateGroups: 0, previousHealthScore: expect.any(Number) });
    if (foundFirst.length > 0) expect((second[0]!.payload as { duplicateGroups: number }).duplicateGroups).toBeGreaterThan(0);

    const before = await pollUntil(async () => mailsTo(address).length, (n) => n === 2, 30_000, (n) => `${n} emails`);
    expect((await send(cookie, 'PUT', '/api/settings', { emailNotifications: false })).statusCode).toBe(200);
    await scan(cookie, ['contacts']);
    await dispatched(id);
    expect(mailsTo(address)).toHaveLength(before);
    const rows = await ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, id));
    expect(rows).toHaveLength(2);
  });

  it('holds events for a daily digest and sends it from 8:00 in the user\'s time zone, once', async () => {
    const address = 'digest@example.com';
    const cookie = await activeUser(ctx, address);
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    expect((await send(cookie, 'PUT', '/api/settings', { digestFrequency: 'daily', timeZone: 'America/New_York' })).statusCode).toBe(200);
    await scan(cookie, ['companies']);
    const id = await userId(address);
    await dispatched(id);
    expect(mailsTo(address)).toHaveLength(0);

    const context = { db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    // 07:30 in New York is too early; 08:05 is on time; a second tick that day makes nothing new.
    const early = await runNotificationsTick(context, new Date('2030-01-15T12:30:00Z'));
    expect(early.digests).toEqual([]);
    const due = await runNotificationsTick(context, new Date('2030-01-15T13:05:00Z'));
    expect(due.digests).toHaveLength(1);
    expect((await runNotificationsTick(context, new Date('2030-01-15T13:06:00Z'))).digests).toEqual([]);
    await pollUntil(async () => mailsTo(address).length, (n) => n === 1, 30_000, (n) => `${n} emails`);
    const [digest] = (await history(cookie)).deliveries;
    expect(digest).toMatchObject({ kind: 'digest', channel: 'email', status: 'sent' });
    // Nothing new since: the next day's tick sends no empty digest.
    expect((await runNotificationsTick(context, new Date('2030-01-16T13:05:00Z'))).digests).toEqual([]);
  });
});

describe('delivery', () => {
  it('retries a refused connection later with its reason kept; a job before that time sends nothing', async () => {
    const refusing = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, work: false });
    try {
      const [row] = await refusing.database.db.insert(users).values({ email: 'r@example.com', username: 'r@example.com', emailVerified: true }).returning();
      const [delivery] = await refusing.database.db
        .insert(notificationDeliveries)
        .values({ userId: row!.id, channel: 'email', kind: 'test', idempotencyKey: 'test:retry', target: 'r@example.com', subject: 'Test' })
        .returning();
      const context = { db: refusing.database.db, config: refusing.config, log: refusing.app.log, queue: refusing.queue };
      expect(await deliverNotification(context, delivery!.id)).toBe('retrying');
      const [after] = await refusing.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery!.id));
      expect(after).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(after!.errorMessage).toMatch(/could not be reached/);
      expect(after!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Not due yet: a stray job does nothing.
      expect(await deliverNotification(context, delivery!.id)).toBe('retrying');
    } finally {
      await refusing.stop();
    }
  });
});

describe('the weekly health report', () => {
  it('goes out on Monday from 8:00 in the user\'s zone with the week\'s figures, once, and not after unsubscribing', async () => {
    const address = 'weekly@example.com';
    const cookie = await activeUser(ctx, address);
    // A paid plan: the ticks below run years ahead, long after any trial.
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, address));
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    expect((await send(cookie, 'PUT', '/api/settings', { notifyOnCompletedAnalysis: false, notifyOnDuplicatesFound: false, timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    await scan(cookie, ['contacts']);
    const id = await userId(address);
    await dispatched(id);
    const context = { db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    // Monday 2030-01-14: 06:30 UTC is 07:30 in Berlin, too early; Sunday is never a report day.
    expect((await runNotificationsTick(context, new Date('2030-01-14T06:30:00Z'))).reports).toEqual([]);
    expect((await runNotificationsTick(context, new Date('2030-01-13T09:00:00Z'))).reports).toEqual([]);
    const due = await runNotificationsTick(context, new Date('2030-01-14T07:10:00Z'));
    expect(due.reports).toHaveLength(1);
    expect((await runNotificationsTick(context, new Date('2030-01-14T07:11:00Z'))).reports).toEqual([]);
    const [mail] = await pollUntil(async () => mailsTo(address), (m) => m.length === 1, 30_000, (m) => `${m.length} emails`);
    expect(mail!.raw).toMatch(/^Subject: .*[Ww]eekly/m);
    expect(mail!.raw).toContain('Contacts');
    const [report] = (await history(cookie)).deliveries;
    expect(report).toMatchObject({ kind: 'weekly-report', status: 'sent', target: address });

    // The report's own unsubscribe link turns it off: the next Monday sends nothing.
    const link = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail!.raw)![1]!.replace(/=\r?\n/g, '');
    const url = new URL(link);
    const off = await ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, payload: 'List-Unsubscribe=One-Click' });
    expect(off.statusCode).toBe(200);
    expect((await get(cookie, '/api/settings')).json()).toMatchObject({ emailWeeklyReport: false, emailNotifications: true });
    expect((await runNotificationsTick(context, new Date('2030-01-21T07:10:00Z'))).reports).toEqual([]);
  });

  it('is not sent on a plan without it, and a notice made before unsubscribing is not sent after', async () => {
    const address = 'lapsed@example.com';
    const cookie = await activeUser(ctx, address);
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    await scan(cookie, ['contacts']);
    const id = await userId(address);
    await pollUntil(async () => mailsTo(address).length, (n) => n === 1, 30_000, (n) => `${n} emails`);
    await ctx.database.db.update(users).set({ trialEndDate: new Date(Date.now() - 60_000) }).where(eq(users.id, id));
    const context = { db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    expect((await runNotificationsTick(context, new Date('2030-01-14T09:10:00Z'))).reports).toEqual([]);

    // Made, then email turned off before its attempt: it is not sent, and says why.
    const [row] = await ctx.database.db.insert(notificationDeliveries).values({ userId: id, channel: 'email', kind: 'scan', idempotencyKey: 'email:late', target: address, subject: 'Scan finished' }).returning();
    await ctx.database.db.update(users).set({ trialEndDate: new Date(Date.now() + 86_400_000) }).where(eq(users.id, id));
    expect((await send(cookie, 'PUT', '/api/settings', { emailNotifications: false })).statusCode).toBe(200);
    expect(await deliverNotification(context, row!.id)).toBe('failed');
    const [after] = await ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', errorCode: 'turned_off', errorMessage: 'Not sent: email notifications were turned off before it went out.' });
    expect(mailsTo(address)).toHaveLength(1);
  });
});

describe('scan notifications in Slack', () => {
  const connect = async (address: string, channel = '#crm-alerts') => {
    const cookie = await activeUser(ctx, address);
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    const saved = await send(cookie, 'PUT', '/api/settings', { emailNotifications: false, slackNotifications: true, slackBotToken: slack.botToken, slackChannel: channel });
    expect(saved.statusCode).toBe(200);
    return cookie;
  };
  const deliveriesOf = async (id: number) => ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, id));

  it('posts one Block Kit message per scan to the channel, with the figures and links to the app', async () => {
    const cookie = await connect('slack-scan@example.com');
    const id = await userId('slack-scan@example.com');
    const before = slack.messages('#crm-alerts').length;
    const run = await scan(cookie);
    const [row] = await pollUntil(() => deliveriesOf(id), ([d]) => d?.status === 'sent', 30_000, (rows) => JSON.stringify(rows.map((r) => [r.status, r.errorMessage])));
    const posted = slack.messages('#crm-alerts').slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.metadata).toMatchObject({ event_type: 'datacleaner_notification', event_payload: { key: `slack:run:${run.id}` } });
    const blocks = JSON.stringify(posted[0]!.blocks);
    expect(blocks).toContain('Contacts');
    expect(blocks).toContain('Companies');
    expect(blocks).toContain(`${ctx.config.publicUrl}/dashboard`);
    expect(row).toMatchObject({ channel: 'slack', kind: 'scan', target: '#crm-alerts', providerId: posted[0]!.ts, attempts: 1 });
    expect(posted[0]!.text).toBe(row!.subject);
  });

  it('waits out a 429 for as long as Slack asks, then posts once', async () => {
    const cookie = await connect('slack-429@example.com');
    const id = await userId('slack-429@example.com');
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', times: 1, retryAfterSeconds: 120 });
    await scan(cookie, ['contacts']);
    const [waiting] = await pollUntil(() => deliveriesOf(id), ([d]) => d?.status === 'retrying', 30_000, (rows) => JSON.stringify(rows.map((r) => r.status)));
    expect(waiting).toMatchObject({ errorCode: 'ratelimited', attempts: 1 });
    // Slack's Retry-After (120 s) beats the first backoff (30 s).
    expect(waiting!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
    const history = (await get(cookie, '/api/settings/notifications/history')).json() as NotificationHistory;
    expect(history.deliveries[0]).toMatchObject({ status: 'retrying', nextAttemptAt: waiting!.nextAttemptAt.toISOString() });

    // Its time comes (moved forward here rather than waited for): the next attempt posts.
    await ctx.database.db.update(notificationDeliveries).set({ nextAttemptAt: new Date() }).where(eq(notificationDeliveries.id, waiting!.id));
    const context = { db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    expect(await deliverNotification(context, waiting!.id)).toBe('sent');
    expect(slack.messages().filter((m) => (m.metadata?.event_payload as { key?: string } | undefined)?.key === waiting!.idempotencyKey)).toHaveLength(1);
  });

  it('stops at once when the bot is not in the channel, and says how to fix it', async () => {
    const cookie = await connect('slack-uninvited@example.com', '#random');
    const id = await userId('slack-uninvited@example.com');
    await scan(cookie, ['contacts']);
    const [failed] = await pollUntil(() => deliveriesOf(id), ([d]) => d?.status === 'failed', 30_000, (rows) => JSON.stringify(rows.map((r) => r.status)));
    expect(failed).toMatchObject({ errorCode: 'not_in_channel', attempts: 1 });
    expect(failed!.errorMessage).toContain('/invite @');
    const test = (await send(cookie, 'POST', '/api/settings/notifications/test-slack', {})).json();
    expect(test).toMatchObject({ ok: false, channel: 'slack', code: 'not_in_channel' });
    expect(test.message).toContain('/invite @');
    const good = (await send(cookie, 'POST', '/api/settings/notifications/test-slack', { channel: '#general' })).json();
    expect(good).toMatchObject({ ok: true, code: null });
    const wrong = (await send(cookie, 'POST', '/api/settings/notifications/test-slack', { botToken: 'xoxb-0-0-not-a-token' })).json();
    expect(wrong).toMatchObject({ ok: false, code: 'invalid_auth' });
    const history = (await get(cookie, '/api/settings/notifications/history')).json() as NotificationHistory;
    expect(history.deliveries.slice(0, 3).map((d) => [d.kind, d.status])).toEqual([
      ['test', 'failed'],
      ['test', 'sent'],
      ['test', 'failed'],
    ]);
    expect(JSON.stringify(history)).not.toContain(slack.botToken);
  });
});

describe('other notices', () => {
  it('emails an automatic cleanup that merged something, and says nothing of one that merged nothing', async () => {
    const address = 'cleanup-notice@example.com';
    await activeUser(ctx, address);
    const id = await userId(address);
    const context = { db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    const base = { scanRunId: null, failedGroups: 0, skippedGroups: 0, deferredGroups: 0 };
    await recordCleanupEvent(ctx.database.db, id, { ...base, cleanupRunId: 9001, status: 'completed', mergedGroups: 0, mergedRecords: 0, message: 'No duplicate group qualified for automatic merging.' });
    await recordCleanupEvent(ctx.database.db, id, { ...base, cleanupRunId: 9002, status: 'completed', mergedGroups: 3, mergedRecords: 4, message: 'Merged 3 groups (4 records merged into others) automatically.' });
    const created = await dispatchAndQueue(context);
    const mine = await ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, id));
    expect(mine).toHaveLength(1);
    expect(created).toContain(mine[0]!.id);
    expect(mine[0]).toMatchObject({ kind: 'cleanup', channel: 'email' });
    const [mail] = await pollUntil(async () => mailsTo(address), (m) => m.length === 1, 30_000, (m) => `${m.length} emails`);
    expect(mail!.raw).toContain('Merged 3 groups');
  });

  it('tells of a health score that moved 5 points or more since the type\'s previous scan, and only then', async () => {
    await activeUser(ctx, 'health-moves@example.com');
    const id = await userId('health-moves@example.com');
    const db = ctx.database.db;
    const [run] = await db.insert(scanRuns).values({ userId: id, objectTypes: ['contacts'], status: 'completed' }).returning();
    const scanAt = async (healthScore: number, newGroupSizes: number[]) => {
      const [row] = await db.insert(scanHistory).values({ userId: id, runId: run!.id, objectType: 'contacts', healthScore, totalRecords: 100 }).returning();
      await recordScanEvents(db, { userId: id, runId: run!.id, scanId: row!.id, objectType: 'contacts', totalRecords: 100, duplicateRecords: 4, healthScore, duplicateGroups: 2, newGroupSizes, scannedAt: new Date() });
      return row!.id;
    };
    const kinds = async (scanId: number) => (await db.select().from(notificationEvents).where(eq(notificationEvents.userId, id))).filter((e) => (e.payload as { scanId: number }).scanId === scanId);
    expect((await kinds(await scanAt(60, []))).map((e) => e.kind)).toEqual(['scan.completed']);
    expect((await kinds(await scanAt(64.9, [2]))).map((e) => e.kind)).toEqual(['scan.completed', 'duplicates.found']);
    const moved = await kinds(await scanAt(58.4, []));
    expect(moved.map((e) => e.kind)).toEqual(['scan.completed', 'health.changed']);
    expect(moved[1]!.payload).toMatchObject({ healthScore: 58.4, previousHealthScore: 64.9, change: -6.5 });
  });

  it('tells of a whole run in one notice even when its events straddle two dispatch batches', async () => {
    const address = 'straddle@example.com';
    await activeUser(ctx, address);
    const id = await userId(address);
    const db = ctx.database.db;
    const context = { db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    // 199 events of someone nobody writes to, then the run's three: a batch of 200 ends inside the run.
    const [quiet] = await db.insert(users).values({ email: 'unverified-filler@example.com', username: 'unverified-filler@example.com', emailVerified: false }).returning();
    await dispatchAndQueue(context);
    const filler = { ...{ scanRunId: null, failedGroups: 0, skippedGroups: 0, deferredGroups: 0 }, status: 'completed' as const, mergedGroups: 1, mergedRecords: 1, message: 'Merged 1 group.' };
    for (let i = 0; i < 199; i++) await recordCleanupEvent(db, quiet!.id, { ...filler, cleanupRunId: 10_000 + i });
    const [run] = await db.insert(scanRuns).values({ userId: id, objectTypes: ['contacts', 'companies', 'deals'], status: 'completed' }).returning();
    for (const objectType of ['contacts', 'companies', 'deals'] as const) {
      const [row] = await db.insert(scanHistory).values({ userId: id, runId: run!.id, objectType, healthScore: 70, totalRecords: 10 }).returning();
      await recordScanEvents(db, { userId: id, runId: run!.id, scanId: row!.id, objectType, totalRecords: 10, duplicateRecords: 0, healthScore: 70, duplicateGroups: 0, newGroupSizes: [], scannedAt: new Date() });
    }
    await dispatchAndQueue(context);
    const notices = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.eventIds).toHaveLength(3);
  });

  it('puts an event routed to the digest after the last digest into the next one, whatever its id', async () => {
    const address = 'late-digest@example.com';
    const cookie = await activeUser(ctx, address);
    expect((await send(cookie, 'PUT', '/api/settings', { digestFrequency: 'daily', timeZone: 'UTC' })).statusCode).toBe(200);
    const id = await userId(address);
    const db = ctx.database.db;
    const context = { db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    // A run still going writes its event first (lower id); a cleanup event after it is routed at once.
    const [run] = await db.insert(scanRuns).values({ userId: id, objectTypes: ['contacts'], status: 'running' }).returning();
    const [row] = await db.insert(scanHistory).values({ userId: id, runId: run!.id, objectType: 'contacts', healthScore: 70, totalRecords: 10 }).returning();
    await recordScanEvents(db, { userId: id, runId: run!.id, scanId: row!.id, objectType: 'contacts', totalRecords: 10, duplicateRecords: 0, healthScore: 70, duplicateGroups: 0, newGroupSizes: [], scannedAt: new Date('2031-03-03T07:30:00Z') });
    await recordCleanupEvent(db, id, { cleanupRunId: 777, scanRunId: null, status: 'completed', mergedGroups: 2, mergedRecords: 2, failedGroups: 0, skippedGroups: 0, deferredGroups: 0, message: 'Merged 2 groups.' });
    const first = await runNotificationsTick(context, new Date('2031-03-03T08:05:00Z'));
    expect(first.digests).toHaveLength(1);
    const [one] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, first.digests[0]!));
    expect(one!.eventIds).toHaveLength(1);

    await db.update(scanRuns).set({ status: 'completed' }).where(eq(scanRuns.id, run!.id));
    const second = await runNotificationsTick(context, new Date('2031-03-04T08:05:00Z'));
    expect(second.digests).toHaveLength(1);
    const [two] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, second.digests[0]!));
    expect(two!.eventIds).toEqual([expect.any(Number)]);
    expect(two!.eventIds[0]).toBeLessThan(one!.eventIds[0]!);
  });

  it('sends a weekly digest on Mondays only, from 8:00 in the user\'s zone', async () => {
    const address = 'weekly-digest@example.com';
    const cookie = await activeUser(ctx, address);
    expect((await send(cookie, 'PUT', '/api/settings', { digestFrequency: 'weekly', timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const id = await userId(address);
    const db = ctx.database.db;
    const context = { db, config: ctx.config, log: ctx.app.log, queue: ctx.queue };
    await recordCleanupEvent(db, id, { cleanupRunId: 4242, scanRunId: null, status: 'completed', mergedGroups: 1, mergedRecords: 1, failedGroups: 0, skippedGroups: 0, deferredGroups: 0, message: 'Merged 1 group.' });
    await dispatchAndQueue(context);
    // 2031-03-04 is a Tuesday in Tokyo; 2031-03-09 23:10 UTC is Monday 08:10 there.
    expect((await runNotificationsTick(context, new Date('2031-03-04T01:00:00Z'))).digests).toEqual([]);
    expect((await runNotificationsTick(context, new Date('2031-03-09T22:30:00Z'))).digests).toEqual([]);
    const due = await runNotificationsTick(context, new Date('2031-03-09T23:10:00Z'));
    expect(due.digests).toHaveLength(1);
    const [mail] = await pollUntil(async () => mailsTo(address), (m) => m.length === 1, 30_000, (m) => `${m.length} emails`);
    expect(mail!.raw).toMatch(/^Subject: Your weekly DataCleaner digest/m);
  });

  it('sends a test email at once and reports a refused recipient in words', async () => {
    const cookie = await activeUser(ctx, 'tester@example.com');
    const ok = (await send(cookie, 'POST', '/api/settings/notifications/test-email', { to: 'ops-team@example.com' })).json();
    expect(ok).toMatchObject({ ok: true, channel: 'email', target: 'ops-team@example.com', code: null });
    expect(ok.message).toContain('ops-team@example.com');
    expect(smtp.received.some((m) => m.to.includes('ops-team@example.com'))).toBe(true);

    const refusing = await startSmtpServer({ onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 })) });
    const app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${refusing.port}` }, work: false });
    try {
      const tester = await activeUser(app, 'tester@example.com');
      const refused = (await app.app.inject({ method: 'POST', url: '/api/settings/notifications/test-email', headers: { cookie: tester }, payload: {} })).json();
      expect(refused).toMatchObject({ ok: false, channel: 'email', target: 'tester@example.com', code: 'smtp_refused_recipient' });
      expect(refused.message).toMatch(/refused/);
      const [entry] = ((await app.app.inject({ method: 'GET', url: '/api/settings/notifications/history', headers: { cookie: tester } })).json() as NotificationHistory).deliveries;
      expect(entry).toMatchObject({ kind: 'test', status: 'failed', error: refused.message });
    } finally {
      await app.stop();
      await refusing.close();
    }
  });
});
