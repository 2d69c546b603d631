import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

let sandbox: Sandbox;
let ctx: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 501, contacts: 600, companies: 200, seed: 11 }], rateLimits: false });
  const app = sandbox.oauthApps[0]!;
  ctx = await startTestApp({
    env: { HUBSPOT_API_BASE: sandbox.url, HUBSPOT_AUTHORIZE_URL: sandbox.authorizeUrl, HUBSPOT_CLIENT_ID: app.clientId, HUBSPOT_CLIENT_SECRET: app.clientSecret },
  });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The scan once `done` says so (by default, once it has finished). */
function scanUntil(cookie: string, id: number, done = (run: ScanRun) => !['queued', 'running'].includes(run.status), timeoutMs = 60_000, everyMs = 200): Promise<ScanRun> {
  const read = async () => (await get(cookie, `/api/scans/${id}`)).json() as ScanRun;
  return pollUntil(read, done, timeoutMs, (run) => `scan ${id}: ${run.status} ${JSON.stringify(run.progress)}`, everyMs);
}

const finished = (cookie: string, id: number) => scanUntil(cookie, id);

describe('connecting HubSpot', () => {
  it('connects with OAuth end to end: our authorize URL, HubSpot\'s redirect, the token exchange', async () => {
    const cookie = await activeUser(ctx, 'oauth@example.com');
    const start = await get(cookie, '/api/hubspot/connect');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(sandbox.authorizeUrl);
    expect(authorize.searchParams.get('scope')).toContain('crm.objects.contacts.read');
    const stateCookie = start.cookies.find((c) => c.name === 'dc_hubspot_oauth')!;

    const approved = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const done = await get(`${cookie}; dc_hubspot_oauth=${encodeURIComponent(stateCookie.value)}`, `${back.pathname}${back.search}`);
    expect(done.headers.location).toBe('/settings?hubspot=connected');

    const status = (await get(cookie, '/api/hubspot/status')).json();
    expect(status).toMatchObject({ connected: true, authType: 'oauth', hubId: '501', oauthAvailable: true, problem: null });
  });

  it('refuses a callback whose state does not match', async () => {
    const cookie = await activeUser(ctx, 'forged@example.com');
    const forged = await get(`${cookie}; dc_hubspot_oauth=${encodeURIComponent(JSON.stringify({ state: 'mine', redirect: '/settings' }))}`, '/api/hubspot/callback?code=abc&state=theirs');
    expect(forged.headers.location).toBe('/settings?hubspot=invalid-state');
    expect((await get(cookie, '/api/hubspot/status')).json().connected).toBe(false);
  });

  it('connects with a private-app token, and says plainly when HubSpot refuses one', async () => {
    const cookie = await activeUser(ctx, 'token@example.com');
    const bad = await post(cookie, '/api/hubspot/connect-token', { accessToken: 'pat-na1-not-a-real-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'HUBSPOT_TOKEN_REJECTED' });
    const good = await post(cookie, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    expect(good.json()).toMatchObject({ connected: true, hubId: '501', authType: 'private_app' });
    const stored = await ctx.database.db.query.crmConnections.findFirst();
    expect(JSON.stringify(stored)).not.toContain(sandbox.portals[0]!.token);
  });
});

describe('a scan', () => {
  it('syncs, finds duplicates, scores health and streams its progress; one at a time', async () => {
    const cookie = await activeUser(ctx, 'scanner@example.com');
    expect((await post(cookie, '/api/scans', {})).json()).toMatchObject({ code: 'HUBSPOT_NOT_CONNECTED' });
    await post(cookie, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });

    const started = await post(cookie, '/api/scans', { objectTypes: ['contacts', 'companies'] });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as ScanRun;
    const twice = await post(cookie, '/api/scans', { objectTypes: ['contacts'] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'SCAN_IN_PROGRESS' });

    const events = await get(cookie, `/api/scans/${id}/events`);
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.body).toMatch(/^event: progress\ndata: /m);
    expect(events.body).toMatch(/event: done\ndata: .*"status":"completed"/);

    const run = await finished(cookie, id);
    expect(run).toMatchObject({ status: 'completed', errorMessage: null, progress: { percent: 100, phase: 'done' } });
    expect(run.results.map((r) => r.objectType).sort()).toEqual(['companies', 'contacts']);
    const contacts = run.results.find((r) => r.objectType === 'contacts')!;
    expect(contacts.totalRecords).toBe(600);
    expect(contacts.duplicateRecords).toBeGreaterThan(10);
    expect(contacts.healthScore).toBeGreaterThan(0);

    const groups = (await get(cookie, '/api/duplicates?objectType=contacts&pageSize=5')).json();
    expect(groups.total).toBeGreaterThan(5);
    const group = groups.groups[0];
    expect(group).toMatchObject({ status: 'pending', objectType: 'contacts' });
    expect(group.records.length).toBeGreaterThanOrEqual(2);
    expect(group.explanations[0].fields.length).toBeGreaterThan(2);
    expect(group.records.filter((r: { isPrimary: boolean }) => r.isPrimary)).toHaveLength(1);

    const results = (await get(cookie, '/api/hubspot/results')).json();
    expect(results.objects.map((o: { objectType: string }) => o.objectType).sort()).toEqual(['companies', 'contacts']);

    // Scanning again: nothing changed in HubSpot, so the same groups stay as they were, rows untouched (found by the first scan).
    const before = (await get(cookie, '/api/duplicates?objectType=contacts&pageSize=100&sort=newest')).json();
    const again = await finished(cookie, (await post(cookie, '/api/scans', { objectTypes: ['contacts'] })).json().id);
    expect(again.status).toBe('completed');
    const after = (await get(cookie, '/api/duplicates?objectType=contacts&pageSize=100&sort=newest')).json();
    expect(after.total).toBe(before.total);
    expect(after.groups.map((g: { id: number }) => g.id).sort()).toEqual(before.groups.map((g: { id: number }) => g.id).sort());
    expect(after.groups.map((g: { scanId: number; updatedAt: string }) => [g.scanId, g.updatedAt])).toEqual(before.groups.map((g: { scanId: number; updatedAt: string }) => [g.scanId, g.updatedAt]));
    expect(after.groups.some((g: { scanId: number }) => g.scanId === again.results[0]!.scanId)).toBe(false);
  });

  it('can be cancelled, and fails with HubSpot\'s reason in plain words', async () => {
    const cookie = await activeUser(ctx, 'canceller@example.com');
    await post(cookie, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    sandbox.setFaults({ latencyMs: 150 });
    try {
      const queued = (await post(cookie, '/api/scans', { objectTypes: ['contacts'] })).json();
      expect((await post(cookie, `/api/scans/${queued.id}/cancel`)).statusCode).toBe(200);
      expect((await finished(cookie, queued.id)).status).toBe('cancelled');
      expect((await post(cookie, `/api/scans/${queued.id}/cancel`)).json()).toMatchObject({ code: 'SCAN_FINISHED' });

      // Cancelled while it fetches from HubSpot: it stops at the next page.
      const { id } = (await post(cookie, '/api/scans', { objectTypes: ['contacts'] })).json();
      await scanUntil(cookie, id, (run) => run.progress.phase === 'syncing', 30_000, 50);
      await post(cookie, `/api/scans/${id}/cancel`);
      const stopped = await finished(cookie, id);
      expect(stopped).toMatchObject({ status: 'cancelled', results: [] });
      expect(stopped.progress.message).toBe('The scan was cancelled.');
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
    }

    const revoked = sandbox.addPrivateApp(501, { scopes: ['crm.objects.companies.read'] });
    const other = await activeUser(ctx, 'no-contacts@example.com');
    await post(other, '/api/hubspot/connect-token', { accessToken: revoked.token });
    const failed = await finished(other, (await post(other, '/api/scans', { objectTypes: ['contacts'] })).json().id);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBe('The HubSpot connection is not allowed to read contacts. Reconnect HubSpot and grant access to contacts.');
  });

  it('is never visible to another user', async () => {
    const owner = await activeUser(ctx, 'owner@example.com');
    await post(owner, '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    const { id } = (await post(owner, '/api/scans', { objectTypes: ['companies'] })).json();
    await finished(owner, id);
    const stranger = await activeUser(ctx, 'stranger@example.com');
    expect((await get(stranger, `/api/scans/${id}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/scans/${id}/events`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/scans/${id}/cancel`)).statusCode).toBe(404);
    expect((await get(stranger, '/api/scans')).json().scans).toEqual([]);
    expect((await get(stranger, '/api/duplicates')).json().total).toBe(0);
    expect((await get(stranger, '/api/hubspot/status')).json().connected).toBe(false);
  });
});
