import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DuplicateGroupPage, DuplicateGroupView, HealthResults, HistoricalTrends } from '../../../shared/contracts/results';
import type { HistoryPage, MergePlan } from '../../../shared/contracts/cleanup';
import { OWNERS } from '../../../synthetic-crm';
import type { NotificationHistory, TestNotificationResult } from '../../../shared/contracts/notifications';
import type { UserSettingsView } from '../../../shared/contracts/settings';
import { crmRecords, duplicateGroups, notificationEvents, recordActions, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { TEST_DEMO, useTestApp } from '../../test/test-app';
import { DEMO_NOTHING_SENT, DEMO_READ_ONLY } from './demo-routes';

const ctx = useTestApp({ work: false });

async function get<T>(url: string, cookie?: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('the public demo API', () => {
  it('builds the demo once on a fresh database, even when the first visitors arrive together', async () => {
    const [a, b] = await Promise.all([get<{ id: number; username: string; needsVerification: boolean }>('/api/demo/user'), get<{ id: number }>('/api/demo/user')]);
    expect(a.id).toBe(b.id);
    expect(a.needsVerification).toBe(false);
    const demoUsers = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    expect(demoUsers).toEqual([{ id: a.id }]);
  });

  it('shows health results for every object type, computed from the mirrored demo portal without signing in', async () => {
    const results = await get<HealthResults>('/api/demo/hubspot/results');
    expect(results.objects.map((o) => o.objectType)).toEqual(['contacts', 'companies', 'deals', 'tickets']);
    const [demo] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    for (const object of results.objects) {
      // The scan read exactly what the mirror holds, and counted exactly the records its pending groups hold.
      const mirrored = await ctx.database.db.select({ id: crmRecords.hubspotId }).from(crmRecords).where(and(eq(crmRecords.userId, demo!.id), eq(crmRecords.objectType, object.objectType)));
      expect(object.totalRecords).toBe(mirrored.length);
      const pending = await ctx.database.db
        .select({ records: duplicateGroups.records })
        .from(duplicateGroups)
        .where(and(eq(duplicateGroups.userId, demo!.id), eq(duplicateGroups.objectType, object.objectType), eq(duplicateGroups.status, 'pending')));
      expect(object.duplicateRecords).toBe(pending.reduce((sum, g) => sum + g.records.length, 0));
      expect(object.healthScore).toBeGreaterThan(0);
      expect(object.fillRates.length).toBeGreaterThan(0);
    }
    expect(results.totalRecords).toBeLessThanOrEqual(Object.values(TEST_DEMO.counts!).reduce((a, b) => a + b, 0) * 1.5);
  });

  it('has a weekly history in which the team merged the surest duplicates, so duplicates fall', async () => {
    const trends = await get<HistoricalTrends>('/api/demo/hubspot/historical-trends?objectType=contacts');
    const points = trends.series[0]!.points;
    expect(points).toHaveLength(TEST_DEMO.weeks!);
    const gaps = points.slice(1).map((p, i) => Date.parse(p.timestamp) - Date.parse(points[i]!.timestamp));
    expect(new Set(gaps)).toEqual(new Set([7 * 86_400_000]));
    expect(points.at(-1)!.duplicateRecords).toBeLessThan(points[0]!.duplicateRecords);
    const [demo] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    const merges = await ctx.database.db.select().from(recordActions).where(and(eq(recordActions.userId, demo!.id), eq(recordActions.actionType, 'merge')));
    expect(merges.length).toBeGreaterThan(0);
    expect(merges.every((m) => m.recordIds.length >= 2 && m.status === 'completed')).toBe(true);
  });

  it('lists duplicate groups with explanations, and a dismissal is answered but not kept', async () => {
    const page = await get<DuplicateGroupPage>('/api/demo/duplicates/groups?objectType=contacts');
    expect(page.total).toBeGreaterThan(0);
    const group = page.groups[0]!;
    expect(group.explanations[0]!.fields.length).toBeGreaterThan(0);
    const dismissed = await ctx.app.inject({ method: 'POST', url: `/api/demo/duplicates/${group.id}/dismiss` });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json<DuplicateGroupView>().status).toBe('dismissed');
    expect((await get<DuplicateGroupView>(`/api/demo/duplicates/${group.id}`)).status).toBe('pending');
  });

  it('names owners and ticket statuses, and the records in its history', async () => {
    const tickets = await get<DuplicateGroupPage>('/api/demo/duplicates/groups?objectType=tickets&status=all&pageSize=100');
    const owned = tickets.groups.flatMap((g) => g.records.map((r) => ({ labels: g.valueLabels, owner: r.properties.hubspot_owner_id, stage: r.properties.hs_pipeline_stage }))).find((r) => r.owner && r.stage)!;
    const owner = OWNERS.find((o) => o.id === owned.owner)!;
    expect(owned.labels.hubspot_owner_id?.[owner.id]).toBe(`${owner.firstName} ${owner.lastName}`);
    expect(owned.labels.hs_pipeline_stage?.[owned.stage as string]).toMatch(/^(New|Waiting on contact|Waiting on us|Closed)$/);
    const history = await get<HistoryPage>('/api/demo/cleanup/history?pageSize=100');
    // Every line names records by name, not by bare ids.
    for (const action of history.actions.filter((a) => a.actionType === 'merge' || a.actionType === 'dismiss')) expect(action.summary).not.toMatch(/(^|[ ,])\d{3,}(,|$| as | into )/);
  });

  it('answers a settings change as saved and keeps the settings as they were', async () => {
    const before = await get<UserSettingsView>('/api/demo/settings');
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/demo/settings', payload: { fuzzyMatchingThreshold: 65, slackBotToken: 'xoxb-demo-token-1234' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<UserSettingsView>()).toMatchObject({ fuzzyMatchingThreshold: 65, hasSlackBotToken: true });
    expect(saved.body).not.toContain('xoxb-demo-token-1234');
    expect((await get<UserSettingsView>('/api/demo/settings')).fuzzyMatchingThreshold).toBe(before.fuzzyMatchingThreshold);
    const invalid = await ctx.app.inject({ method: 'PUT', url: '/api/demo/settings', payload: { fuzzyMatchingThreshold: 101 } });
    expect(invalid.statusCode).toBe(400);
  });

  it('previews a merge from the demo portal, shows the team\u2019s history, and refuses the merge itself', async () => {
    const group = (await get<DuplicateGroupPage>('/api/demo/duplicates/groups?objectType=contacts')).groups[0]!;
    const plan = await get<MergePlan>(`/api/demo/cleanup/groups/${group.id}/plan?primaryRule=oldest`);
    expect(plan.records.map((r) => r.id).sort()).toEqual(group.records.map((r) => r.id).sort());
    expect(plan.primaryRule).toBe('oldest');
    expect(plan.steps.filter((step) => step.kind === 'merge')).toHaveLength(group.records.length - 1);
    const history = await get<HistoryPage>('/api/demo/cleanup/history');
    expect(history.total).toBeGreaterThan(0);
    expect(history.actions.some((a) => a.actionType === 'merge' && a.performedByName === 'Demo Team')).toBe(true);
    const merge = await ctx.app.inject({ method: 'POST', url: `/api/demo/cleanup/groups/${group.id}/merge`, payload: {} });
    expect(merge.statusCode).toBe(403);
    expect(merge.json().message).toBe(DEMO_READ_ONLY);
  });

  it('shows what the demo team was sent, a failure with its fix included, and its link finds the groups it calls new', async () => {
    const history = await get<NotificationHistory>('/api/demo/settings/notifications/history?page=1&pageSize=20');
    expect(history.total).toBe(5);
    const newest = history.deliveries.slice(0, 2);
    const newestEmail = newest.find((d) => d.channel === 'email');
    const newestSlack = newest.find((d) => d.channel === 'slack');
    expect(newestEmail).toMatchObject({ channel: 'email', kind: 'scan', status: 'sent', target: 'revops@demo-company.example', error: null, nextAttemptAt: null });
    expect(newestSlack).toMatchObject({ channel: 'slack', target: '#crm-alerts', status: 'sent' });
    expect(newestEmail!.events).toContain('scan.completed');
    const failed = history.deliveries.filter((d) => d.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ channel: 'slack', target: '#revops', sentAt: null });
    expect(failed[0]!.error).toContain('/invite @DataCleaner');
    expect(history.deliveries.map((d) => d.kind)).toContain('weekly-report');
    expect((await get<NotificationHistory>('/api/demo/settings/notifications/history?page=2&pageSize=2')).deliveries).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/demo/settings/notifications/history?pageSize=500' })).statusCode).toBe(400);

    // Each event is dispatched already (no job picks it up).
    const [demo] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    const events = await ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.userId, demo!.id));
    expect(events.every((e) => e.dispatchedAt !== null)).toBe(true);
    // The newest notice's count of new groups is what its link (since the scan) finds.
    const latest = events.filter((e) => e.kind === 'scan.completed').sort((a, b) => b.id - a.id)[0];
    expect(latest).toBeDefined();
    const payload = latest!.payload as { objectType: string; newDuplicateGroups: number; scannedAt: string };
    const page = await get<DuplicateGroupPage>(`/api/demo/duplicates/groups?objectType=${payload.objectType}&status=all&sort=newest&since=${encodeURIComponent(payload.scannedAt)}`);
    expect(page.total).toBe(payload.newDuplicateGroups);
  });

  it('answers the test buttons after checking them, and sends nothing', async () => {
    const email = await ctx.app.inject({ method: 'POST', url: '/api/demo/settings/notifications/test-email', payload: { to: 'ops@example.com' } });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json<TestNotificationResult>()).toEqual({ ok: true, channel: 'email', target: 'ops@example.com', message: DEMO_NOTHING_SENT, code: null });
    const slack = await ctx.app.inject({ method: 'POST', url: '/api/demo/settings/notifications/test-slack', payload: { botToken: 'xoxb-demo-1234', channel: '#sales' } });
    expect(slack.statusCode, slack.body).toBe(200);
    expect(slack.json<TestNotificationResult>()).toEqual({ ok: true, channel: 'slack', target: '#sales', message: DEMO_NOTHING_SENT, code: null });
    expect(slack.body).not.toContain('xoxb-demo-1234');
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/demo/settings/notifications/test-slack', payload: {} });
    expect(saved.json<TestNotificationResult>().target).toBe('#crm-alerts');
    const badAddress = await ctx.app.inject({ method: 'POST', url: '/api/demo/settings/notifications/test-email', payload: { to: 'not an address' } });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().message).toContain('Please enter a valid email address');
    const badToken = await ctx.app.inject({ method: 'POST', url: '/api/demo/settings/notifications/test-slack', payload: { botToken: 'hunter2' } });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().message).toContain('A Slack bot token starts with xoxb-');
  });

  it('refuses other changes politely', async () => {
    for (const [method, url] of [
      ['POST', '/api/demo/scans'],
      ['POST', '/api/demo/hubspot/connect-token'],
      ['DELETE', '/api/demo/duplicates/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: {} });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: DEMO_READ_ONLY, code: 'DEMO_READ_ONLY' });
    }
  });

  it('keeps the demo apart from real accounts', async () => {
    const cookie = await activeUser(ctx, 'real@example.com');
    expect((await get<DuplicateGroupPage>('/api/duplicates?status=all', cookie)).total).toBe(0);
    expect((await get<HealthResults>('/api/hubspot/results', cookie)).objects).toEqual([]);
    const demoGroup = (await get<DuplicateGroupPage>('/api/demo/duplicates')).groups[0]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/duplicates/${demoGroup.id}`, headers: { cookie } })).statusCode).toBe(404);
  });
});
