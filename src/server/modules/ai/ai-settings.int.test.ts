import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiModels, AiSettingsView } from '../../../shared/contracts/ai';
import { userSettings, users } from '../../db/schema';
import { activeUser, login } from '../../test/accounts';
import { databaseText } from '../../test/database-text';
import { startOpenAiSandbox } from '../../../../tools/openai-sandbox/sandbox';
import { useAiTestApp, type AiTestApp } from '../../test/ai-test-app';
import { aiClientFor } from './ai-client';
import { sessionKeys } from './session-keys';

let ai: AiTestApp['ai'];
let ctx: AiTestApp['ctx'];
let log: AiTestApp['log'];
let n = 0;
const app = useAiTestApp();
beforeAll(() => ({ ai, ctx, log } = app));

/** A session-only key unlike any other string in the test, so finding it anywhere is a leak. */
const uniqueKey = () => {
  const key = `sk-proj-leakcheck${Date.now().toString(36)}${(n += 1)}XYZ0123456789`;
  ai.addKey(key);
  return key;
};

async function call(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

async function newUser(): Promise<{ cookie: string; email: string }> {
  const email = `ai${(n += 1)}@example.com`;
  return { cookie: await activeUser(ctx, email), email };
}

describe('Settings > AI', () => {
  it('answers the defaults before anything is set', async () => {
    const { cookie } = await newUser();
    const { status, body } = await call('GET', '/api/settings/ai', cookie);
    expect(status).toBe(200);
    expect(body).toEqual({ enabled: false, hasKey: false, remembered: false, keySource: 'none', preferredModel: 'gpt-4o', baseUrl: null, defaultBaseUrl: ai.baseURL });
  });

  it('keeps a key that is not remembered for the session only: it works there, and is in no row, log line or response', async () => {
    const { cookie, email } = await newUser();
    const key = uniqueKey();
    const saved = await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: key, aiAssistEnabled: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ hasKey: true, keySource: 'session', remembered: false, enabled: true });

    const models = await call('GET', '/api/settings/ai/models', cookie);
    expect(models.status).toBe(200);
    expect(ai.requests.at(-1)?.apiKey).toBe(key);
    const test = await call('POST', '/api/settings/ai/test', cookie, {});
    expect(test).toMatchObject({ status: 200, body: { ok: true, model: 'gpt-4o' } });

    const [row] = await ctx.database.db.select().from(userSettings).innerJoin(users, eq(users.id, userSettings.userId)).where(eq(users.email, email));
    expect(row!.user_settings.openaiApiKey).toBeNull();
    expect(await databaseText(ctx.database.db)).not.toContain(key);
    expect(log.text()).toContain('/api/settings/ai/models');
    expect(log.text()).not.toContain(key);
    for (const response of [saved, models, test, await call('GET', '/api/settings/ai', cookie), await call('GET', '/api/settings', cookie)]) expect(response.raw).not.toContain(key);

    // Another session of the same user has no key; signing out drops this one's.
    const { cookie: otherCookie } = await login(ctx.app, email);
    expect((await call('GET', '/api/settings/ai', otherCookie)).body).toMatchObject({ hasKey: false, keySource: 'none' });
    const before = sessionKeys.size();
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    await sessionKeys.prune(ctx.database.db, true);
    expect(sessionKeys.size()).toBe(before - 1);
  });

  it('seals a remembered key, uses it in any session, and carries it to the session when remember is turned off', async () => {
    const { cookie, email } = await newUser();
    const key = uniqueKey();
    expect((await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: key, rememberOpenaiKey: true })).body).toMatchObject({ keySource: 'saved', remembered: true });
    const [row] = await ctx.database.db.select().from(userSettings).innerJoin(users, eq(users.id, userSettings.userId)).where(eq(users.email, email));
    expect(row!.user_settings.openaiApiKey).toMatch(/^v1:/);
    expect(await databaseText(ctx.database.db)).not.toContain(key);

    const user = row!.users;
    const connection = await aiClientFor({ db: ctx.database.db, config: ctx.config }, user, null, { requireEnabled: false });
    expect(connection.keySource).toBe('saved');
    expect((await connection.client.models.list()).data.length).toBeGreaterThan(0);

    const off = await call('PUT', '/api/settings/ai', cookie, { rememberOpenaiKey: false });
    expect(off.body).toMatchObject({ keySource: 'session', remembered: false });
    const [after] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(after!.openaiApiKey).toBeNull();
    expect((await call('POST', '/api/settings/ai/test', cookie, {})).status).toBe(200);
    expect(ai.requests.at(-1)?.apiKey).toBe(key);

    expect((await call('DELETE', '/api/settings/ai/key', cookie)).body).toMatchObject({ hasKey: false, keySource: 'none' });
    expect((await call('GET', '/api/settings/ai/models', cookie)).body).toMatchObject({ code: 'AI_NO_KEY' });
  });

  it('lists chat models only, gpt-4o first', async () => {
    const { cookie } = await newUser();
    await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: ai.apiKey });
    ai.setModels(['o3-mini', 'text-embedding-3-small', 'gpt-4.1', 'whisper-1', 'gpt-4o', 'dall-e-3', 'gpt-4o-mini']);
    const { status, body } = await call('GET', '/api/settings/ai/models', cookie);
    expect(status).toBe(200);
    expect((body as AiModels).models.map((m) => m.id)).toEqual(['gpt-4o', 'gpt-4.1', 'gpt-4o-mini', 'o3-mini']);
  });

  it('says in words what went wrong', async () => {
    const { cookie } = await newUser();
    await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: 'sk-not-a-key-the-server-knows-123' });
    const invalid = await call('GET', '/api/settings/ai/models', cookie);
    expect(invalid).toMatchObject({ status: 400, body: { code: 'AI_KEY_INVALID', message: expect.stringContaining('did not accept your OpenAI API key') } });
    expect(invalid.raw).not.toContain('sk-');

    await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: ai.apiKey });
    expect(await call('POST', '/api/settings/ai/test', cookie, { model: 'gpt-5-secret' })).toMatchObject({
      status: 400,
      body: { code: 'AI_MODEL_UNAVAILABLE', message: 'Your key has no access to the model gpt-5-secret. Choose another model in Settings > AI.' },
    });
    ai.fail({ kind: 'insufficient_quota' });
    expect(await call('POST', '/api/settings/ai/test', cookie, {})).toMatchObject({ status: 402, body: { code: 'AI_QUOTA_EXCEEDED', message: expect.stringContaining('quota is used up') } });
    ai.clearFaults();
    ai.fail({ kind: 'rate_limit_exceeded' });
    expect(await call('POST', '/api/settings/ai/test', cookie, {})).toMatchObject({ status: 429, body: { code: 'AI_RATE_LIMITED' } });
    ai.clearFaults();

    const gone = await startOpenAiSandbox();
    await gone.close();
    await call('PUT', '/api/settings/ai', cookie, { baseUrl: gone.baseURL });
    expect(await call('GET', '/api/settings/ai/models', cookie)).toMatchObject({ status: 502, body: { code: 'AI_UNREACHABLE', message: expect.stringContaining('Could not reach the AI server') } });
  });

  it("honours the user's base URL over AI_API_BASE", async () => {
    const own = await startOpenAiSandbox({ models: ['llama-3.1-8b-instruct', 'nomic-embed-text'] });
    try {
      const { cookie } = await newUser();
      const saved = await call('PUT', '/api/settings/ai', cookie, { openaiApiKey: own.apiKey, baseUrl: `${own.baseURL}/` });
      expect((saved.body as AiSettingsView).baseUrl).toBe(own.baseURL);
      const { body } = await call('GET', '/api/settings/ai/models', cookie);
      // Another server's model ids are its own: only the obvious non-chat ones are left out.
      expect((body as AiModels).models.map((m) => m.id)).toEqual(['llama-3.1-8b-instruct']);
      expect(own.requests).toHaveLength(1);
      expect(ai.requests).toHaveLength(0);
      expect((await call('PUT', '/api/settings/ai', cookie, { baseUrl: 'ftp://example.com' })).status).toBe(400);
      expect((await call('PUT', '/api/settings/ai', cookie, { baseUrl: null })).body).toMatchObject({ baseUrl: null });
    } finally {
      await own.close();
    }
  });

  it('the demo has AI off without DEMO_OPENAI_API_KEY, and refuses changes', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/demo/settings/ai' })).json()).toMatchObject({ enabled: false, hasKey: false, keySource: 'none' });
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/demo/settings/ai', payload: { aiAssistEnabled: true } });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('DEMO_READ_ONLY');
  });

  it("the demo's assistant uses the server's DEMO_OPENAI_API_KEY at AI_API_BASE", async () => {
    const [someone] = await ctx.database.db.select().from(users).limit(1);
    const config = { ...ctx.config, DEMO_OPENAI_API_KEY: ai.apiKey };
    const connection = await aiClientFor({ db: ctx.database.db, config }, { ...someone!, isDemo: true }, null);
    expect(connection).toMatchObject({ keySource: 'server', baseUrl: ai.baseURL, model: 'gpt-4o' });
    await connection.client.models.list();
    expect(ai.requests.at(-1)?.apiKey).toBe(ai.apiKey);
    await expect(aiClientFor({ db: ctx.database.db, config: ctx.config }, { ...someone!, isDemo: true }, null)).rejects.toMatchObject({ reason: 'disabled' });
  });
});
