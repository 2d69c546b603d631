import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scanHistory, scanRuns, userSettings, users } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { scanCron, scanScheduleKey } from '../scans';

const ctx = useTestApp({ work: false });

async function userId(email: string): Promise<number> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function storedRow(email: string) {
  const [row] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, await userId(email)));
  return row;
}

const get = (cookie: string, url = '/api/settings') => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (cookie: string, payload: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload: payload as object });

async function scheduleOf(id: number) {
  return (await ctx.queue.boss.getSchedules('scheduled-scan')).find((s) => s.key === scanScheduleKey(id)) ?? null;
}

describe('GET /api/settings', () => {
  it('gives a new user the defaults of SPEC.md without storing a row', async () => {
    const cookie = await activeUser(ctx, 'defaults@example.com');
    const response = await get(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      objectsToAnalyze: ['contacts', 'companies', 'deals', 'tickets'],
      analysisFrequency: 'weekly',
      emailNotifications: true,
      notificationEmail: null,
      notifyOnCompletedAnalysis: true,
      notifyOnDuplicatesFound: true,
      notifyOnHealthScoreChanges: false,
      digestFrequency: 'instantly',
      slackNotifications: false,
      slackChannel: null,
      slackNotifyOnCompletedAnalysis: true,
      slackNotifyOnDuplicatesFound: true,
      slackNotifyOnHealthScoreChanges: true,
      slackSendWeeklyReport: false,
      emailWeeklyReport: true,
      timeZone: null,
      slackAllowed: true,
      weeklyReportAllowed: true,
      slackInstallAvailable: false,
      emailDeliveryConfigured: false,
      maxRecordsLimit: 100,
      contactsSamplingRate: 100,
      companiesSamplingRate: 100,
      dealsSamplingRate: 100,
      ticketsSamplingRate: 100,
      duplicateDetectionSensitivity: 'medium',
      fuzzyMatchingThreshold: 80,
      enablePhoneticMatching: true,
      enableFuzzyMatching: true,
      normalizeBusinessNames: true,
      normalizeEmails: true,
      normalizePhoneNumbers: true,
      rememberOpenaiKey: false,
      preferredModel: 'gpt-4o',
      aiAssistEnabled: false,
      automaticCleanupEnabled: false,
      automaticCleanupMinConfidence: 0.95,
      automaticCleanupMaxMerges: 25,
      automaticCleanupAllowed: true,
      hasHubspotToken: false,
      hasSlackBotToken: false,
      hasOpenaiApiKey: false,
      schedule: { nextScanAt: expect.any(String), dailyAllowed: true },
      updatedAt: null,
    });
    expect(await storedRow('defaults@example.com')).toBeUndefined();
  });

  it('makes sure the default weekly schedule exists, on Mondays at the user’s own minute', async () => {
    const cookie = await activeUser(ctx, 'weekly-default@example.com');
    const id = await userId('weekly-default@example.com');
    expect(await scheduleOf(id)).toBeNull();
    const body = (await get(cookie)).json();
    const schedule = await scheduleOf(id);
    expect(schedule).toMatchObject({ cron: scanCron(id, 'weekly'), data: { userId: id } });
    expect(scanCron(id, 'weekly')).toMatch(/^\d{1,2} [2-5] \* \* 1$/);
    const next = new Date(body.schedule.nextScanAt);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCMinutes()).toBe(id % 60);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('PUT /api/settings', () => {
  it('changes only the fields sent and keeps them', async () => {
    const cookie = await activeUser(ctx, 'changer@example.com');
    const response = await put(cookie, {
      objectsToAnalyze: ['deals', 'contacts', 'deals'],
      analysisFrequency: 'monthly',
      digestFrequency: 'weekly',
      notificationEmail: '  reports@example.com ',
      notifyOnHealthScoreChanges: true,
      slackChannel: '#crm-alerts',
      maxRecordsLimit: 25,
      ticketsSamplingRate: 40,
      duplicateDetectionSensitivity: 'high',
      fuzzyMatchingThreshold: 0,
      enablePhoneticMatching: false,
      preferredModel: 'gpt-4o-mini',
      aiAssistEnabled: true,
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      objectsToAnalyze: ['deals', 'contacts'],
      analysisFrequency: 'monthly',
      digestFrequency: 'weekly',
      notificationEmail: 'reports@example.com',
      notifyOnHealthScoreChanges: true,
      slackChannel: '#crm-alerts',
      maxRecordsLimit: 25,
      ticketsSamplingRate: 40,
      contactsSamplingRate: 100,
      duplicateDetectionSensitivity: 'high',
      fuzzyMatchingThreshold: 0,
      enablePhoneticMatching: false,
      enableFuzzyMatching: true,
      preferredModel: 'gpt-4o-mini',
      aiAssistEnabled: true,
    };
    expect(response.json()).toMatchObject(expected);
    expect(response.json().updatedAt).toEqual(expect.any(String));
    expect((await get(cookie)).json()).toMatchObject(expected);
    expect(await storedRow('changer@example.com')).toMatchObject({ maxRecordsLimit: 25, objectsToAnalyze: ['deals', 'contacts'] });

    const second = await put(cookie, { fuzzyMatchingThreshold: 95, notificationEmail: '' });
    expect(second.json()).toMatchObject({ ...expected, fuzzyMatchingThreshold: 95, notificationEmail: null });
  });

  it('refuses bad values with a 400 that names the field and says what is allowed', async () => {
    const cookie = await activeUser(ctx, 'validator@example.com');
    const cases: [unknown, string][] = [
      [{ objectsToAnalyze: [] }, 'objectsToAnalyze: Choose at least one object type to analyze'],
      [{ objectsToAnalyze: ['leads'] }, 'objectsToAnalyze.0: Object types to analyze are contacts, companies, deals, tickets'],
      [{ analysisFrequency: 'hourly' }, 'analysisFrequency: Analysis frequency must be one of manual, daily, weekly, monthly'],
      [{ digestFrequency: 'monthly' }, 'digestFrequency: Digest frequency must be one of instantly, daily, weekly'],
      [{ notificationEmail: 'not-an-address' }, 'notificationEmail: Please enter a valid email address'],
      [{ emailNotifications: 'yes' }, 'emailNotifications: emailNotifications must be true or false'],
      [{ maxRecordsLimit: 0 }, 'maxRecordsLimit: Max records limit must be a whole number from 1 to 1000 (thousands of records)'],
      [{ maxRecordsLimit: 1001 }, 'maxRecordsLimit: Max records limit must be a whole number from 1 to 1000 (thousands of records)'],
      [{ contactsSamplingRate: 0 }, 'contactsSamplingRate: Contacts sampling rate must be a whole number from 1 to 100 (percent)'],
      [{ dealsSamplingRate: 101 }, 'dealsSamplingRate: Deals sampling rate must be a whole number from 1 to 100 (percent)'],
      [{ fuzzyMatchingThreshold: 50.5 }, 'fuzzyMatchingThreshold: Fuzzy matching threshold must be a whole number from 0 to 100'],
      [{ duplicateDetectionSensitivity: 'extreme' }, 'duplicateDetectionSensitivity: Duplicate detection sensitivity must be one of low, medium, high'],
      [{ preferredModel: '' }, 'preferredModel: Choose a preferred model'],
      [{ slackChannel: 'CRM Alerts!' }, 'slackChannel: A Slack channel is a name such as #crm-alerts'],
      [{ slackBotToken: 'not-a-token' }, 'slackBotToken: A Slack bot token starts with xoxb-'],
      [{ openaiApiKey: '' }, 'openaiApiKey: OpenAI API key is empty; send null to remove it'],
      [{ hubspotToken: 'pat-na1-123' }, 'hubspotToken is not a setting: connect HubSpot with POST /api/hubspot/connect-token'],
      [{ favouriteColour: 'blue' }, 'Unknown setting: favouriteColour'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().message).toContain(message);
    }
    expect(await storedRow('validator@example.com')).toBeUndefined();
  });

  it('stores secrets sealed, never returns them, and clears them with null', async () => {
    const cookie = await activeUser(ctx, 'secrets@example.com');
    const slackToken = 'xoxb-1234567890-abcdefghij';
    const openaiKey = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';

    const set = await put(cookie, { slackBotToken: slackToken, openaiApiKey: openaiKey, rememberOpenaiKey: true, slackNotifications: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ hasSlackBotToken: true, hasOpenaiApiKey: true, rememberOpenaiKey: true, slackNotifications: true });
    for (const body of [set.body, (await get(cookie)).body]) {
      expect(body).not.toContain(slackToken);
      expect(body).not.toContain(openaiKey);
      expect(body).not.toMatch(/"(slackBotToken|openaiApiKey|hubspotToken)"/);
    }
    const row = await storedRow('secrets@example.com');
    expect(row!.slackBotToken).not.toBe(slackToken);
    expect(row!.slackBotToken).not.toContain(slackToken);
    expect(row!.openaiApiKey).not.toContain(openaiKey);
    const box = await secretBoxFor(ctx.config);
    expect(box.open(row!.slackBotToken!)).toBe(slackToken);
    expect(box.open(row!.openaiApiKey!)).toBe(openaiKey);

    // Other changes leave the secrets alone.
    expect((await put(cookie, { slackChannel: 'crm' })).json()).toMatchObject({ hasSlackBotToken: true, hasOpenaiApiKey: true });

    const cleared = await put(cookie, { slackBotToken: null });
    expect(cleared.json()).toMatchObject({ hasSlackBotToken: false, hasOpenaiApiKey: true });
    expect((await storedRow('secrets@example.com'))!.slackBotToken).toBeNull();

    const forgotten = await put(cookie, { rememberOpenaiKey: false });
    expect(forgotten.json()).toMatchObject({ hasOpenaiApiKey: false, rememberOpenaiKey: false });
    expect((await storedRow('secrets@example.com'))!.openaiApiKey).toBeNull();
  });

  it('keeps an OpenAI key only when the user asks for it to be remembered', async () => {
    const cookie = await activeUser(ctx, 'forgetful@example.com');
    const response = await put(cookie, { openaiApiKey: 'sk-abcdefghijklmnopqrstuvwxyz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'OPENAI_KEY_NOT_REMEMBERED', message: expect.stringContaining('rememberOpenaiKey') });
    expect(await storedRow('forgetful@example.com')).toBeUndefined();
  });

  it('reports a stored HubSpot token only as hasHubspotToken', async () => {
    const cookie = await activeUser(ctx, 'hubspot-token@example.com');
    const box = await secretBoxFor(ctx.config);
    await ctx.database.db.insert(userSettings).values({ userId: await userId('hubspot-token@example.com'), hubspotToken: box.seal('pat-na1-secret') });
    const response = await get(cookie);
    expect(response.json().hasHubspotToken).toBe(true);
    expect(response.body).not.toContain('pat-na1-secret');
  });
});

describe('notification plan gates', () => {
  it('refuses Slack on Starter with a clear 403, keeps email and the weekly report, and allows Slack on Professional', async () => {
    const cookie = await activeUser(ctx, 'slack-plan@example.com');
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, 'slack-plan@example.com'));
    const view = (await get(cookie)).json();
    expect(view).toMatchObject({ slackAllowed: false, weeklyReportAllowed: true });
    const refused = await put(cookie, { slackNotifications: true, slackChannel: '#crm' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PLAN_REQUIRED', message: 'Slack notifications are part of the Professional plan. Upgrade to Professional to get scan results in Slack, or use email notifications.' });
    expect(await storedRow('slack-plan@example.com')).toBeUndefined();
    const test = await ctx.app.inject({ method: 'POST', url: '/api/settings/notifications/test-slack', headers: { cookie }, payload: { botToken: 'xoxb-1-2-abc', channel: '#crm' } });
    expect(test.statusCode).toBe(403);
    expect(test.json().code).toBe('PLAN_REQUIRED');
    expect((await put(cookie, { emailWeeklyReport: false, timeZone: 'Europe/Berlin' })).json()).toMatchObject({ emailWeeklyReport: false, timeZone: 'Europe/Berlin' });

    await ctx.database.db.update(users).set({ plan: 'professional' }).where(eq(users.email, 'slack-plan@example.com'));
    expect((await put(cookie, { slackNotifications: true })).json()).toMatchObject({ slackNotifications: true, slackAllowed: true });
  });

  it('takes only real IANA time zones', async () => {
    const cookie = await activeUser(ctx, 'zones@example.com');
    for (const zone of ['Mars/Olympus', 'Europe/Berlin; DROP', '']) {
      const response = await put(cookie, { timeZone: zone });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('IANA time zone');
    }
    expect((await put(cookie, { timeZone: null })).json().timeZone).toBeNull();
  });
});

describe('daily scans and the scan schedule', () => {
  it('allows daily scans during the trial and on Professional, not on Starter', async () => {
    const cookie = await activeUser(ctx, 'planner@example.com');
    expect((await put(cookie, { analysisFrequency: 'daily' })).statusCode).toBe(200);

    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, 'planner@example.com'));
    expect((await get(cookie)).json().schedule.dailyAllowed).toBe(false);
    const refused = await put(cookie, { analysisFrequency: 'daily', fuzzyMatchingThreshold: 70 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PLAN_REQUIRED', message: expect.stringContaining('Professional') });
    expect((await storedRow('planner@example.com'))!.fuzzyMatchingThreshold).toBe(80);
    expect((await put(cookie, { analysisFrequency: 'weekly' })).statusCode).toBe(200);

    await ctx.database.db.update(users).set({ plan: 'professional' }).where(eq(users.email, 'planner@example.com'));
    expect((await put(cookie, { analysisFrequency: 'daily' })).json().analysisFrequency).toBe('daily');
  });

  it('creates, changes and removes the pg-boss schedule as analysisFrequency changes', async () => {
    const cookie = await activeUser(ctx, 'scheduler@example.com');
    const id = await userId('scheduler@example.com');
    const minute = id % 60;
    const hour = 2 + (Math.floor(id / 60) % 4);

    // The first save creates the row, and with it the default weekly schedule.
    await put(cookie, { fuzzyMatchingThreshold: 85 });
    expect((await scheduleOf(id))?.cron).toBe(`${minute} ${hour} * * 1`);

    await put(cookie, { analysisFrequency: 'daily' });
    expect(await scheduleOf(id)).toMatchObject({ cron: `${minute} ${hour} * * *`, timezone: 'UTC', data: { userId: id } });

    const monthly = await put(cookie, { analysisFrequency: 'monthly' });
    expect((await scheduleOf(id))?.cron).toBe(`${minute} ${hour} 1 * *`);
    expect(new Date(monthly.json().schedule.nextScanAt).getUTCDate()).toBe(1);

    const manual = await put(cookie, { analysisFrequency: 'manual' });
    expect(await scheduleOf(id)).toBeNull();
    expect(manual.json().schedule.nextScanAt).toBeNull();
    // Reading does not bring a manual user's schedule back.
    await get(cookie);
    expect(await scheduleOf(id)).toBeNull();

    await put(cookie, { analysisFrequency: 'weekly' });
    expect((await scheduleOf(id))?.cron).toBe(`${minute} ${hour} * * 1`);
  });

  it('gives every user a schedule of their own', async () => {
    const first = await activeUser(ctx, 'own-schedule-1@example.com');
    const second = await activeUser(ctx, 'own-schedule-2@example.com');
    await put(first, { analysisFrequency: 'daily' });
    await put(second, { analysisFrequency: 'monthly' });
    const [a, b] = [await userId('own-schedule-1@example.com'), await userId('own-schedule-2@example.com')];
    expect((await scheduleOf(a))?.cron).toBe(scanCron(a, 'daily'));
    expect((await scheduleOf(b))?.cron).toBe(scanCron(b, 'monthly'));
    expect(scanCron(a, 'daily')).not.toBe(scanCron(b, 'daily'));
  });
});

describe('GET /api/settings/last-scan', () => {
  it('is null before the first scan, then the newest run with its results', async () => {
    const cookie = await activeUser(ctx, 'last-scan@example.com');
    expect((await get(cookie, '/api/settings/last-scan')).json()).toEqual({ lastScan: null });

    const id = await userId('last-scan@example.com');
    const db = ctx.database.db;
    await db.insert(scanRuns).values({ userId: id, status: 'completed', objectTypes: ['contacts'], createdAt: new Date(Date.now() - 86_400_000) });
    const [newest] = await db.insert(scanRuns).values({ userId: id, status: 'completed', objectTypes: ['contacts', 'deals'], trigger: 'schedule', finishedAt: new Date() }).returning();
    await db.insert(scanHistory).values({ userId: id, runId: newest!.id, objectType: 'contacts', totalRecords: 50, duplicateRecords: 4, healthScore: 81.5 });

    const response = await get(cookie, '/api/settings/last-scan');
    expect(response.statusCode).toBe(200);
    expect(response.json().lastScan).toMatchObject({
      id: newest!.id,
      status: 'completed',
      trigger: 'schedule',
      objectTypes: ['contacts', 'deals'],
      results: [{ objectType: 'contacts', totalRecords: 50, duplicateRecords: 4, healthScore: 81.5 }],
    });
  });
});

describe('whose settings', () => {
  it('shows each user only their own settings and scans', async () => {
    const owner = await activeUser(ctx, 'owner-settings@example.com');
    const other = await activeUser(ctx, 'other-settings@example.com');
    await put(owner, { slackChannel: 'owners-channel', maxRecordsLimit: 7 });
    const [run] = await ctx.database.db
      .insert(scanRuns)
      .values({ userId: await userId('owner-settings@example.com'), status: 'completed', objectTypes: ['tickets'] })
      .returning();

    const theirs = (await get(other)).json();
    expect(theirs).toMatchObject({ slackChannel: null, maxRecordsLimit: 100 });
    expect((await get(other, '/api/settings/last-scan')).json()).toEqual({ lastScan: null });
    expect((await get(owner, '/api/settings/last-scan')).json().lastScan.id).toBe(run!.id);

    await put(other, { maxRecordsLimit: 3 });
    expect((await get(owner)).json().maxRecordsLimit).toBe(7);
  });
});

describe('signed out', () => {
  it('answers 401 on every settings route', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['GET', '/api/settings/last-scan'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, ...(method === 'PUT' ? { payload: { maxRecordsLimit: 5 } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });
});
