import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSandboxApp } from './sandbox';
import { SandboxState } from './sandbox-state';

let state: SandboxState;
let app: FastifyInstance;

beforeAll(async () => {
  state = new SandboxState({ portals: [{ contacts: 10, companies: 0, deals: 0, tickets: 0 }] });
  app = buildSandboxApp(state);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('admin routes', () => {
  it('creates a seeded portal with a private app and answers its summary', async () => {
    const created = await app.inject({ method: 'POST', url: '/__sandbox/portals', payload: { portalId: 77, tier: 'starter', contacts: 40, deals: 5, privateApps: [{ scopes: ['tickets'] }] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ portalId: 77, tier: 'starter', counts: { contacts: 40, companies: 30, deals: 5, tickets: 30 }, privateApps: [{ scopes: ['tickets'] }] });
    expect((await app.inject({ method: 'POST', url: '/__sandbox/portals', payload: { portalId: 77 } })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/__sandbox/portals', payload: { contacts: -1 } })).json()).toMatchObject({ message: expect.stringContaining('contacts') });

    const added = await app.inject({ method: 'POST', url: '/__sandbox/portals/77/private-apps', payload: { token: 'pat-na1-custom-token', scopes: ['crm.objects.contacts.read'] } });
    expect(added.json()).toMatchObject({ token: 'pat-na1-custom-token', portalId: 77 });
    const listed = await app.inject({ method: 'GET', url: '/crm/v3/objects/contacts?limit=1', headers: { authorization: 'Bearer pat-na1-custom-token' } });
    expect(listed.statusCode).toBe(200);
  });

  it('gives the same private app token for the same portal on every start', () => {
    const again = new SandboxState({ portals: [{ contacts: 0, companies: 0, deals: 0, tickets: 0 }] });
    expect(again.tokens.privateAppsOf(again.defaultPortal.id)[0]!.token).toBe(state.tokens.privateAppsOf(state.defaultPortal.id)[0]!.token);
    expect(again.tokens.oauthApps()[0]!.clientSecret).toBe(state.tokens.oauthApps()[0]!.clientSecret);
  });

  it('tells which records are copies of one entity', async () => {
    const truth = await app.inject({ method: 'GET', url: `/__sandbox/portals/${state.defaultPortal.id}/truth/0-1` });
    const { objectType, results } = truth.json<{ objectType: string; results: { id: string; entity: number }[] }>();
    expect(objectType).toBe('contacts');
    expect(results).toHaveLength(10);
    expect(new Set(results.map((row) => row.entity)).size).toBeLessThanOrEqual(10);
  });

  it('moves, freezes and resets the clock', async () => {
    const frozen = await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { setTo: '2030-01-01T00:00:00.000Z', freeze: true } });
    expect(frozen.json()).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    const later = await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advanceMs: 1_500 } });
    expect(later.json()).toEqual({ now: '2030-01-01T00:00:01.500Z', frozen: true });
    const reset = await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { reset: true } });
    expect(Math.abs(Date.parse(reset.json<{ now: string }>().now) - Date.now())).toBeLessThan(5_000);
  });

  it('freezes at exactly the moment it is set to, however much time the request takes', async () => {
    // Every reading of the real clock a millisecond later than the last.
    let tick = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => tick++);
    try {
      const frozen = await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { setTo: '2031-06-01T12:00:00.000Z', freeze: true } });
      expect(frozen.json()).toEqual({ now: '2031-06-01T12:00:00.000Z', frozen: true });
    } finally {
      clock.mockRestore();
      await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { reset: true } });
    }
  });

  it('changes rate limits at runtime', async () => {
    const changed = await app.inject({ method: 'POST', url: '/__sandbox/rate-limits', payload: { windowMs: 1_000, burst: { professional: 2 }, resetCounters: true } });
    expect(changed.json()).toMatchObject({ enabled: true, windowMs: 1_000, burst: { professional: 2, starter: 100 } });
    const token = state.tokens.privateAppsOf(state.defaultPortal.id)[0]!.token;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/crm/v3/objects/contacts', headers: { authorization: `Bearer ${token}` } })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const restored = await app.inject({ method: 'POST', url: '/__sandbox/rate-limits', payload: { restoreDefaults: true, resetCounters: true } });
    expect(restored.json()).toMatchObject({ windowMs: 10_000, burst: { professional: 190 } });
  });

  it('answers unknown routes in the shape of their side', async () => {
    const api = await app.inject({ method: 'GET', url: '/crm/v4/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: '/__sandbox/nothing' })).json()).toEqual({ message: 'No admin route GET /__sandbox/nothing' });
  });

  it('answers malformed JSON with a validation error', async () => {
    const token = state.tokens.privateAppsOf(state.defaultPortal.id)[0]!.token;
    const response = await app.inject({
      method: 'POST',
      url: '/crm/v3/objects/contacts/search',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"filterGroups": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });
});
