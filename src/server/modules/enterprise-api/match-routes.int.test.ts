import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicates } from '../../../engine';
import type { MatchResponse } from '../../../shared/contracts/enterprise-api';
import type { ObjectType } from '../../../shared/object-types';
import { crmConnections, crmRecords, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { generateDemoPortal } from '../demo';
import { engineSettingsOf } from '../scans';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';

let ctx: TestApp;
const portal = generateDemoPortal(new Date('2026-06-01T00:00:00Z'), { contacts: 600, companies: 200, deals: 60, tickets: 40 });
let key: string;
let userId: number;

async function keyedUser(email: string): Promise<{ key: string; userId: number }> {
  const cookie = await activeUser(ctx, email);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'match' } });
  expect(created.statusCode).toBe(201);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { key: created.json<{ key: string }>().key, userId: user!.id };
}

const match = (objectType: string, payload: unknown, bearer = key) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/${objectType}/match`, headers: { authorization: `Bearer ${bearer}` }, payload: payload as object });

beforeAll(async () => {
  ctx = await startTestApp({ work: false });
  ({ key, userId } = await keyedUser('match@example.com'));
  const db = ctx.database.db;
  const [connection] = await db.insert(crmConnections).values({ userId, hubDomain: 'match.hubspot.com' }).returning();
  for (const objectType of ['contacts', 'companies'] as const) {
    await db.insert(crmRecords).values(
      portal[objectType].map((record) => ({
        connectionId: connection!.id,
        userId,
        objectType,
        hubspotId: record.id,
        properties: record.properties,
        hubspotCreatedAt: record.createdAt,
        hubspotUpdatedAt: record.updatedAt,
      })),
    );
  }
});
afterAll(async () => ctx?.stop());

describe('POST /api/v1/:objectType/match', () => {
  for (const objectType of ['contacts', 'companies'] as const satisfies readonly ObjectType[]) {
    it(`agrees with a full scan of the portal's ${objectType}`, async () => {
      const records = portal[objectType];
      const scan = findDuplicates(records, objectType, { settings: engineSettingsOf(SETTINGS_DEFAULTS) });
      expect(scan.groups.length).toBeGreaterThan(3);
      const byId = new Map(records.map((r) => [r.id, r]));
      const grouped = new Set(scan.groups.flatMap((g) => g.recordIds));
      // Every link the scan made, from either end: the other record is among the matches.
      const links = scan.groups.flatMap((g) => g.pairs.flatMap((p) => [[p.a, p.b], [p.b, p.a]] as const));
      const loners = records.filter((r) => !grouped.has(r.id)).slice(0, 100);
      const probes = [...links.map(([a]) => a), ...loners.map((r) => r.id)];
      const found = new Map<string, string[]>();
      for (let start = 0; start < probes.length; start += 100) {
        const batch = probes.slice(start, start + 100);
        const response = await match(objectType, { inputs: batch.map((id) => ({ properties: byId.get(id)!.properties })) });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<MatchResponse>();
        batch.forEach((id, k) => found.set(id, body.results[k]!.matches.map((m) => m.id).filter((other) => other !== id)));
      }
      const linkAgreement = links.filter(([a, b]) => found.get(a)!.includes(b)).length / links.length;
      // Members of a group reached only through another member are not required to match directly.
      const memberPairs = scan.groups.flatMap((g) => g.recordIds.flatMap((a) => g.recordIds.filter((b) => b !== a).map((b) => [a, b] as const)));
      const memberAgreement = memberPairs.filter(([a, b]) => (found.get(a) ?? []).includes(b)).length / memberPairs.length;
      const lonerAgreement = loners.filter((r) => found.get(r.id)!.length === 0).length / loners.length;
      process.stdout.write(`match ${objectType}: links ${links.length} agreement ${linkAgreement}, member pairs ${memberPairs.length} agreement ${memberAgreement.toFixed(3)}, loners without matches ${lonerAgreement.toFixed(3)}\n`);
      expect(linkAgreement).toBe(1);
      expect(lonerAgreement).toBeGreaterThanOrEqual(0.97);
    });
  }

  it('answers one record with named candidates and per-field evidence, best first', async () => {
    const scan = findDuplicates(portal.contacts, 'contacts', { settings: engineSettingsOf(SETTINGS_DEFAULTS) });
    const pair = scan.groups[0]!.pairs[0]!;
    const record = portal.contacts.find((r) => r.id === pair.a)!;
    const response = await match('contacts', { properties: record.properties });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MatchResponse>();
    expect(body.results).toHaveLength(1);
    const candidate = body.results[0]!.matches.find((m) => m.id === pair.b)!;
    expect(candidate.probability).toBeGreaterThanOrEqual(body.threshold);
    expect(candidate.name).not.toBe('');
    expect(candidate.evidence.length).toBeGreaterThan(2);
    const probabilities = body.results[0]!.matches.map((m) => m.probability);
    expect(probabilities).toEqual([...probabilities].sort((x, y) => y - x));
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['contacts', { inputs: [{ properties: {} }, { properties: {} }, { properties: {} }, { properties: { email: 5 } }] }, /inputs\.3\.properties\.email|inputs\[3\]\.properties\.email/],
      ['contacts', { inputs: Array.from({ length: 101 }, () => ({ properties: {} })) }, /inputs/],
      ['contacts', { inputs: [] }, /inputs/],
      ['contacts', { properties: 'jane@example.com' }, /properties/],
      ['contacts', {}, /properties/],
      ['people', { properties: {} }, /objectType/],
    ];
    for (const [objectType, payload, field] of cases) {
      const response = await match(objectType, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.body).toMatch(field);
    }
  });

  it('is a read: the Starter plan (read-only API) may call it, the free plan may not', async () => {
    const starter = await keyedUser('match-starter@example.com');
    await ctx.database.db.update(users).set({ plan: 'starter', trialEndDate: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, starter.userId));
    const allowed = await match('contacts', { properties: { email: 'a@b.example' } }, starter.key);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<MatchResponse>().results[0]!.matches).toEqual([]);
    const post = await ctx.app.inject({ method: 'POST', url: '/api/v1/scans', headers: { authorization: `Bearer ${starter.key}` }, payload: {} });
    expect(post.statusCode).toBe(403);
    await ctx.database.db.update(users).set({ plan: 'free' }).where(eq(users.id, starter.userId));
    expect((await match('contacts', { properties: {} }, starter.key)).statusCode).toBe(403);
  });
});
