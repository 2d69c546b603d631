import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { HistoryPage, MergePlan, MergeView } from '../../../shared/contracts/cleanup';
import type { DuplicateGroupPage, DuplicateGroupView } from '../../../shared/contracts/results';
import { scanHistory, scanRuns, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { connectedUser, createRecords, seedGroup } from '../../test/cleanup-fixtures';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

let sandbox: Sandbox;
let ctx: TestApp;
let client: Client;
/** A connected trial (full API) user, another user, and a Starter user: each with a key. */
let owner: { cookie: string; userId: number; key: string };
let other: { key: string };
let starter: { key: string };

async function keyFor(cookie: string): Promise<string> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'v1 endpoints' } });
  expect(created.statusCode).toBe(201);
  return created.json<{ key: string }>().key;
}

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 818, contacts: 5, companies: 2, deals: 2, tickets: 2, seed: 18 }], rateLimits: false });
  const token = sandbox.portals[0]!.token;
  client = new Client({ accessToken: token, basePath: sandbox.url });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url, PUBLIC_URL: 'https://cleaner.example.com/' } });
  const connected = await connectedUser(ctx, 'v1-owner@example.com', token);
  owner = { ...connected, key: await keyFor(connected.cookie) };
  other = { key: await keyFor(await activeUser(ctx, 'v1-other@example.com')) };
  const starterCookie = await activeUser(ctx, 'v1-starter-writes@example.com');
  starter = { key: await keyFor(starterCookie) };
  await ctx.database.db.update(users).set({ plan: 'starter', trialEndDate: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.email, 'v1-starter-writes@example.com'));
}, 120_000);

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const web = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });

/** A 400 whose words name the field. */
async function expectBadInput(url: string, field: RegExp, method: 'GET' | 'POST' = 'GET', payload?: object) {
  const response = await call(owner.key, method, url, payload);
  expect(response.statusCode, url).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(field) });
}

async function expectNotFound(key: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(key, method, url, payload);
  expect(response.statusCode, url).toBe(404);
  expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
}

describe('/api/v1 scans and results', () => {
  it('follows one scan and reads results and trends as the dashboard does; others get 404, bad input 400', async () => {
    const db = ctx.database.db;
    const [run] = await db.insert(scanRuns).values({ userId: owner.userId, status: 'completed', objectTypes: ['contacts'] }).returning();
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    await db.insert(scanHistory).values([
      { userId: owner.userId, runId: run!.id, objectType: 'contacts', status: 'completed', timestamp: at(20), totalRecords: 80, healthScore: 55 },
      { userId: owner.userId, runId: run!.id, objectType: 'contacts', status: 'completed', timestamp: at(1), totalRecords: 100, duplicateRecords: 4, healthScore: 72 },
    ]);

    const scan = await call(owner.key, 'GET', `/api/v1/scans/${run!.id}`);
    expect(scan.statusCode).toBe(200);
    expect(scan.json()).toEqual((await web(`/api/scans/${run!.id}`)).json());
    expect(scan.json()).toMatchObject({ id: run!.id, status: 'completed' });
    await expectNotFound(other.key, 'GET', `/api/v1/scans/${run!.id}`);
    await expectBadInput('/api/v1/scans/abc', /scan id/);

    const results = await call(owner.key, 'GET', '/api/v1/results');
    expect(results.statusCode).toBe(200);
    expect(results.headers['x-ratelimit-limit']).toBeDefined();
    expect(results.json()).toEqual((await web('/api/hubspot/results')).json());
    expect(JSON.stringify(results.json())).toContain('72');

    const trends = await call(owner.key, 'GET', '/api/v1/results/trends?objectType=contacts&days=30');
    expect(trends.statusCode).toBe(200);
    expect(trends.json()).toEqual((await web('/api/hubspot/historical-trends?objectType=contacts&days=30')).json());
    expect(JSON.stringify(trends.json())).toContain('"healthScore":55');
    // Another user's results are their own (none).
    expect(JSON.stringify((await call(other.key, 'GET', '/api/v1/results/trends')).json())).not.toContain('"healthScore":55');
    await expectBadInput('/api/v1/results/trends?days=0', /days/);
    await expectBadInput('/api/v1/results/trends?objectType=widgets', /objectType/);
  });
});

describe('/api/v1 duplicate groups', () => {
  it('lists with filters and paging, shows one group with its evidence, dismisses; others 404, Starter writes 403', async () => {
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Ines', lastname: 'Duarte', email: 'ines@duarte.example' },
      { firstname: 'Inês', lastname: 'Duarte', email: 'ines.duarte@mail.example' },
    ]);
    const groupId = await seedGroup(ctx, owner.userId, 'contacts', records, { mirror: false });

    const page = await call(owner.key, 'GET', '/api/v1/duplicates?objectType=contacts&pageSize=10&sort=newest');
    expect(page.statusCode).toBe(200);
    const list = page.json() as DuplicateGroupPage;
    expect(list.groups.map((g) => g.id)).toContain(groupId);
    expect(list).toMatchObject({ page: 1, pageSize: 10 });
    expect(list).toEqual((await web('/api/duplicates?objectType=contacts&pageSize=10&sort=newest')).json());
    expect((await call(owner.key, 'GET', '/api/v1/duplicates?status=dismissed')).json()).toMatchObject({ groups: [], total: 0 });
    expect((await call(other.key, 'GET', '/api/v1/duplicates')).json()).toMatchObject({ groups: [], total: 0 });
    await expectBadInput('/api/v1/duplicates?pageSize=500', /pageSize/);
    await expectBadInput('/api/v1/duplicates?minConfidence=2', /minConfidence/);
    await expectBadInput('/api/v1/duplicates?status=maybe', /status/);

    const one = await call(owner.key, 'GET', `/api/v1/duplicates/${groupId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual((await web(`/api/duplicates/${groupId}`)).json());
    expect((one.json() as DuplicateGroupView).records.map((r) => r.id)).toEqual(records.map((r) => r.id));
    await expectNotFound(other.key, 'GET', `/api/v1/duplicates/${groupId}`);
    await expectBadInput('/api/v1/duplicates/0', /group id/);

    const readOnly = await call(starter.key, 'POST', `/api/v1/duplicates/${groupId}/dismiss`);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ code: 'API_READ_ONLY' });
    await expectNotFound(other.key, 'POST', `/api/v1/duplicates/${groupId}/dismiss`);
    const dismissed = await call(owner.key, 'POST', `/api/v1/duplicates/${groupId}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: groupId, status: 'dismissed' });
    expect((await call(owner.key, 'POST', `/api/v1/duplicates/${groupId}/dismiss`)).json()).toMatchObject({ code: 'GROUP_DECIDED' });
    const history = (await call(owner.key, 'GET', '/api/v1/history')).json() as HistoryPage;
    expect(history.actions[0]).toMatchObject({ actionType: 'dismiss', groupId });
  });
});

describe('/api/v1 merges', () => {
  it('plans and starts a merge, follows it to the end, lists the history and restores; others 404, bad input 400', { timeout: 90_000 }, async () => {
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Tomas', lastname: 'Berg', email: 'tomas@berg.example', city: 'Oslo' },
      { firstname: 'Tomás', lastname: 'Berg', email: 'tberg@mail.example', city: 'Bergen', jobtitle: 'Engineer' },
    ]);
    const groupId = await seedGroup(ctx, owner.userId, 'contacts', records);

    const planned = await call(owner.key, 'GET', `/api/v1/duplicates/${groupId}/merge-plan?primaryId=${records[0]!.id}`);
    expect(planned.statusCode).toBe(200);
    const plan = planned.json() as MergePlan;
    expect(plan.primaryId).toBe(records[0]!.id);
    expect(plan.result).toMatchObject({ jobtitle: 'Engineer' });
    await expectNotFound(other.key, 'GET', `/api/v1/duplicates/${groupId}/merge-plan`);
    await expectBadInput(`/api/v1/duplicates/${groupId}/merge-plan?primaryRule=loudest`, /primaryRule/);
    await expectBadInput(`/api/v1/duplicates/${groupId}/merge`, /primaryRule/, 'POST', { primaryRule: 'loudest' });
    await expectBadInput(`/api/v1/duplicates/${groupId}/merge`, /unknownField|Unrecognized/i, 'POST', { unknownField: 1 });
    expect((await call(starter.key, 'POST', `/api/v1/duplicates/${groupId}/merge`, {})).statusCode).toBe(403);
    await expectNotFound(other.key, 'POST', `/api/v1/duplicates/${groupId}/merge`, {});

    const started = await call(owner.key, 'POST', `/api/v1/duplicates/${groupId}/merge`, { primaryId: records[0]!.id });
    expect(started.statusCode).toBe(202);
    const mergeId = (started.json() as MergeView).id;
    const merge = await pollUntil(
      async () => (await call(owner.key, 'GET', `/api/v1/merges/${mergeId}`)).json() as MergeView,
      (m) => m.status !== 'queued' && m.status !== 'running',
      60_000,
      (m) => `merge ${m.status}`,
      200,
    );
    expect(merge.status).toBe('completed');
    expect(merge).toEqual((await web(`/api/cleanup/merges/${mergeId}`)).json());
    await expectNotFound(other.key, 'GET', `/api/v1/merges/${mergeId}`);
    await expectBadInput('/api/v1/merges/-1', /merge id/);

    const history = await call(owner.key, 'GET', '/api/v1/history?pageSize=5&objectType=contacts');
    expect(history.statusCode).toBe(200);
    const page = history.json() as HistoryPage;
    expect(page).toEqual((await web('/api/cleanup/history?pageSize=5&objectType=contacts')).json());
    const action = page.actions.find((a) => a.actionType === 'merge' && a.mergeId === mergeId)!;
    expect(action.restore.available).toBe(true);
    expect((await call(other.key, 'GET', '/api/v1/history')).json()).toMatchObject({ total: 0, actions: [] });
    await expectBadInput('/api/v1/history?performedBy=robot', /performedBy/);

    expect((await call(starter.key, 'POST', `/api/v1/history/${action.id}/restore`)).statusCode).toBe(403);
    await expectNotFound(other.key, 'POST', `/api/v1/history/${action.id}/restore`);
    await expectBadInput('/api/v1/history/1.5/restore', /record action id/, 'POST');
    const restored = await call(owner.key, 'POST', `/api/v1/history/${action.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ restoredId: expect.any(String), action: { actionType: 'restore', status: 'completed' } });
  });
});

describe('/api/v1 OpenAPI document and docs page', () => {
  it('lists exactly the /api/v1 operations, each with the key scheme, the quota headers and 429; no key needed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      info: { description: string };
      servers: { url: string }[];
      security: unknown[];
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }>; schemas: Record<string, unknown> };
    };
    const paths = Object.keys(doc.paths);
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/scans',
        '/api/v1/scans/{id}',
        '/api/v1/results',
        '/api/v1/results/trends',
        '/api/v1/duplicates',
        '/api/v1/duplicates/{id}',
        '/api/v1/duplicates/{id}/dismiss',
        '/api/v1/duplicates/{id}/merge-plan',
        '/api/v1/duplicates/{id}/merge',
        '/api/v1/merges/{id}',
        '/api/v1/history',
        '/api/v1/history/{id}/restore',
      ]),
    );
    // Every /api/v1 operation of the app's own document is here, and nothing else.
    const full = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(paths.sort()).toEqual(Object.keys(full.paths).filter((path) => path.startsWith('/api/v1/')).sort());

    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('dc_live_') });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
        expect((operation.responses['200'] ?? operation.responses['202'])!.headers, `${method} ${path}`).toHaveProperty(['X-RateLimit-Remaining']);
        expect(operation.responses['429']?.headers, `${method} ${path}`).toMatchObject({ 'X-RateLimit-Limit': expect.anything(), 'Retry-After': expect.anything() });
      }
    }
    // Every schema reference resolves inside this document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty([ref]);
    expect(doc.components.schemas).not.toHaveProperty(['ApiKey']);

    expect(doc.servers).toEqual([{ url: 'https://cleaner.example.com', description: expect.any(String) }]);
    expect(doc.info.description).toMatch(/Authorization: Bearer dc_live_/);
    expect(doc.info.description).toContain('| Enterprise | full (read and write) | 100,000 | 3,000,000 |');
    expect(doc.info.description).toContain('| Starter | read-only (GET calls only) | 10,000 | 300,000 |');
    expect(doc.info.description).toMatch(/\{ "message": "\.\.\.", "code": "\.\.\." \}/);
    expect(doc.info.description).toMatch(/pageSize/);
  });

  it('serves the docs page and its scripts from this server (no CDN), without a key', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBe(3);
    for (const source of sources) {
      expect(source.startsWith('/'), source).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: source })).statusCode, source).toBe(200);
    }
    const init = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/init.js' });
    expect(init.headers['content-type']).toMatch(/javascript/);
    expect(init.body).toContain('/api/v1/openapi.json');
  });
});
