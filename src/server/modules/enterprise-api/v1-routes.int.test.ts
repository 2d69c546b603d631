import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequestLog, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await startTestApp({ work: false });
});
afterAll(async () => ctx?.stop());

/** A signed-in user on `plan` (trial when omitted) with one API key. */
async function keyedUser(email: string, plan?: string): Promise<{ cookie: string; key: string; id: number; userId: number }> {
  const cookie = await activeUser(ctx, email);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'test' } });
  expect(created.statusCode).toBe(201);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (plan) await ctx.database.db.update(users).set({ plan, trialEndDate: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, user!.id));
  return { cookie, ...created.json<{ key: string; id: number }>(), userId: user!.id };
}

const v1 = (key: string | null, method: 'GET' | 'POST' = 'GET', url = '/api/v1/scans', payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'user-agent': 'v1-test/1.0' }, ...(payload ? { payload } : {}) });

describe('/api/v1 authentication', () => {
  it('refuses no key, an unknown key and a session cookie with words', async () => {
    const { cookie } = await keyedUser('v1-anon@example.com');
    for (const response of [await v1(null), await v1('dc_live_notakey'), await ctx.app.inject({ method: 'GET', url: '/api/v1/scans', headers: { cookie } })]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/API key/);
    }
  });

  it('serves a valid key with the rate-limit headers, and refuses it once rotated or revoked', async () => {
    const { cookie, key, id } = await keyedUser('v1-keys@example.com');
    const ok = await v1(key);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ scans: [] });
    expect(ok.headers['x-ratelimit-limit']).toBe('10000');
    expect(ok.headers['x-ratelimit-remaining']).toBe('9999');
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(ok.headers['x-ratelimit-reset']).toBe(String(midnight.getTime() / 1000));
    const [user] = await ctx.database.db.select({ at: users.apiKeyLastUsed }).from(users).where(eq(users.email, 'v1-keys@example.com'));
    expect(user!.at).not.toBeNull();

    const rotated = (await ctx.app.inject({ method: 'POST', url: `/api/enterprise/keys/${id}/rotate`, headers: { cookie } })).json<{ id: number; key: string }>();
    expect((await v1(key)).json<{ code: string }>().code).toBe('API_KEY_REVOKED');
    expect((await v1(rotated.key)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: `/api/enterprise/keys/${rotated.id}`, headers: { cookie } });
    const revoked = await v1(rotated.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json<{ code: string }>().code).toBe('API_KEY_REVOKED');
  });

  it('gives Starter the read-only API; a write is 403 with words', async () => {
    const { key } = await keyedUser('v1-starter@example.com', 'starter');
    expect((await v1(key)).statusCode).toBe(200);
    const write = await v1(key, 'POST', '/api/v1/scans', {});
    expect(write.statusCode).toBe(403);
    expect(write.json<{ message: string }>().message).toContain('read-only API on Starter');
  });

  it('starts a scan through the scans module (HubSpot not connected: 409 with its words)', async () => {
    const { key } = await keyedUser('v1-start@example.com', 'professional');
    const response = await v1(key, 'POST', '/api/v1/scans', { objectTypes: ['contacts'] });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string }>().code).toBe('HUBSPOT_NOT_CONNECTED');
    expect((await v1(key, 'POST', '/api/v1/scans', { objectTypes: ['nope'] })).statusCode).toBe(400);
  });
});

describe('/api/v1 answers outside the routes', () => {
  it("refuses Starter's write with the quota headers, without counting it", async () => {
    const { key } = await keyedUser('v1-starter-headers@example.com', 'starter');
    const read = await v1(key);
    const write = await v1(key, 'POST', '/api/v1/scans', {});
    expect(write.statusCode).toBe(403);
    expect(write.headers['x-ratelimit-remaining']).toBe(read.headers['x-ratelimit-remaining']);
    expect(Number((await v1(key)).headers['x-ratelimit-remaining'])).toBe(Number(read.headers['x-ratelimit-remaining']) - 1);
  });

  it('answers an unknown path or method with a key as a counted, logged 404 that points at the docs; without a key 401', async () => {
    const { key, userId } = await keyedUser('v1-unknown@example.com');
    const unknown = await v1(key, 'GET', '/api/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('/api/v1/docs') });
    expect(unknown.headers['x-ratelimit-limit']).toBeDefined();
    const wrongMethod = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/scans', headers: { authorization: `Bearer ${key}` } });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json<{ message: string }>().message).toContain('DELETE /api/v1/scans');
    expect((await v1(null, 'GET', '/api/v1/nothing-here')).statusCode).toBe(401);
    const rows = await pollUntil(
      () => ctx.database.db.select().from(apiRequestLog).where(eq(apiRequestLog.userId, userId)),
      (r) => r.length >= 2,
      10_000,
      (r) => `${r.length} rows`,
    );
    expect(rows.map((r) => r.statusCode)).toEqual([404, 404]);
  });
});

describe('/api/v1 request log', () => {
  it('writes each call with the route pattern, status and error words, never the key', async () => {
    const { key, userId } = await keyedUser('v1-log@example.com', 'starter');
    await v1(key);
    await v1(key, 'POST', '/api/v1/scans', {});
    const rows = await pollUntil(
      () => ctx.database.db.select().from(apiRequestLog).where(eq(apiRequestLog.userId, userId)),
      (r) => r.length >= 2,
      10_000,
      (r) => `${r.length} rows`,
    );
    expect(rows.map((r) => [r.method, r.endpoint, r.statusCode])).toEqual(expect.arrayContaining([['GET', '/api/v1/scans', 200], ['POST', '/api/v1/scans', 403]]));
    const refused = rows.find((r) => r.statusCode === 403)!;
    expect(refused.errorMessage).toContain('read-only');
    expect(refused.userAgent).toBe('v1-test/1.0');
    expect(rows.find((r) => r.statusCode === 200)!.errorMessage).toBeNull();
    expect(JSON.stringify(rows)).not.toContain(key.slice(8));
  });
});
