import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { apiKeyHash } from './api-keys';

let ctx: TestApp;
let owner: string;
let other: string;
beforeAll(async () => {
  ctx = await startTestApp({ work: false });
  owner = await activeUser(ctx, 'keys-owner@example.com');
  other = await activeUser(ctx, 'keys-other@example.com');
});
afterAll(async () => ctx?.stop());

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('API keys', () => {
  it('creates a key whose secret is answered once and stored only as its hash', async () => {
    const created = await call(owner, 'POST', '/api/enterprise/keys', { name: 'Web form' });
    expect(created.statusCode).toBe(201);
    const { key, prefix, id } = created.json<{ key: string; prefix: string; id: number }>();
    expect(key).toMatch(/^dc_live_/);
    expect(prefix).toBe(key.slice(0, 16));
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.hash).toBe(apiKeyHash(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(16));
    const listed = await call(owner, 'GET', '/api/enterprise/keys');
    expect(listed.body).not.toContain(key.slice(16));
    expect(listed.json<{ keys: { id: number; name: string }[] }>().keys).toEqual([expect.objectContaining({ id, name: 'Web form', prefix })]);
    const [user] = await ctx.database.db.select({ at: users.apiKeyCreatedAt }).from(users).where(eq(users.email, 'keys-owner@example.com'));
    expect(user!.at).not.toBeNull();
  });

  it('rotates (old revoked, new secret) and revokes; another user gets 404', async () => {
    const { id, key } = (await call(owner, 'POST', '/api/enterprise/keys', { name: 'CRM sync' })).json<{ id: number; key: string }>();
    expect((await call(other, 'POST', `/api/enterprise/keys/${id}/rotate`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/enterprise/keys/${id}`)).statusCode).toBe(404);
    const rotated = await call(owner, 'POST', `/api/enterprise/keys/${id}/rotate`);
    expect(rotated.statusCode).toBe(201);
    const fresh = rotated.json<{ id: number; key: string; name: string }>();
    expect(fresh.name).toBe('CRM sync');
    expect(fresh.key).not.toBe(key);
    const [old] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(old!.revokedAt).not.toBeNull();
    expect((await call(owner, 'POST', `/api/enterprise/keys/${id}/rotate`)).statusCode).toBe(409);
    const revoked = await call(owner, 'DELETE', `/api/enterprise/keys/${fresh.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    expect(await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, fresh.id))).toEqual([expect.objectContaining({ rotatedFromId: id })]);
  });

  it('refuses a bad name with words', async () => {
    const response = await call(owner, 'POST', '/api/enterprise/keys', { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('name');
  });
});
