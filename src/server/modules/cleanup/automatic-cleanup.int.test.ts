import { Client } from '@hubspot/api-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { AutomaticCleanupRunView, HistoryPage } from '../../../shared/contracts/cleanup';
import { notificationEvents, users } from '../../db/schema';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';
import { startScan } from '../scans';
import { connectedUser, createRecords, seedGroup } from '../../test/cleanup-fixtures';

let sandbox: Sandbox;
let ctx: TestApp;
let client: Client;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 811, contacts: 10, companies: 5, deals: 5, tickets: 8, seed: 23 }], rateLimits: false });
  token = sandbox.portals[0]!.token;
  client = new Client({ accessToken: token, basePath: sandbox.url });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url } });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (cookie: string, payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });

/** A scheduled scan (of tickets, so the contact and company groups stay as seeded), then the cleanup it triggers. */
async function scheduledScanAndCleanup(cookie: string, userId: number, timeoutMs = 45_000): Promise<AutomaticCleanupRunView> {
  const scanRunId = await startScan(ctx.database.db, ctx.queue, userId, ['tickets'], 'schedule');
  const ours = async () => {
    const response = await get(cookie, '/api/cleanup/automatic-runs');
    if (response.statusCode !== 200) throw new Error(response.body);
    return (response.json() as { runs: AutomaticCleanupRunView[] }).runs.find((r) => r.scanRunId === scanRunId);
  };
  const run = await pollUntil(ours, (now) => now !== undefined && now.status !== 'running', timeoutMs, (now) => `cleanup after scan ${scanRunId}: ${JSON.stringify(now ?? 'not started')}`, 200);
  return run!;
}

async function groupStatus(cookie: string, groupId: number): Promise<string> {
  return (await get(cookie, `/api/duplicates/${groupId}`)).json().status;
}

describe('automatic cleanup', () => {
  it('is off by default and a Professional feature: Starter cannot turn it on, the trial and Enterprise can', async () => {
    const { cookie } = await connectedUser(ctx, 'gates@example.com', token);
    expect((await get(cookie, '/api/settings')).json()).toMatchObject({ automaticCleanupEnabled: false, automaticCleanupMinConfidence: 0.95, automaticCleanupMaxMerges: 25, automaticCleanupAllowed: true });

    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, 'gates@example.com'));
    const refused = await put(cookie, { automaticCleanupEnabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PLAN_REQUIRED', message: 'Automatic duplicate cleanup is part of the Professional plan. Upgrade to Professional to have duplicates merged after each scheduled scan.' });
    expect((await get(cookie, '/api/settings')).json()).toMatchObject({ automaticCleanupEnabled: false, automaticCleanupAllowed: false });
    // Its other settings may still be prepared.
    expect((await put(cookie, { automaticCleanupMinConfidence: 0.99 })).statusCode).toBe(200);
    expect((await put(cookie, { automaticCleanupMinConfidence: 0.5 })).json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('from 0.8 to 1') });

    await ctx.database.db.update(users).set({ plan: 'enterprise' }).where(eq(users.email, 'gates@example.com'));
    expect((await put(cookie, { automaticCleanupEnabled: true })).json()).toMatchObject({ automaticCleanupEnabled: true, automaticCleanupMinConfidence: 0.99, automaticCleanupAllowed: true });
  });

  it('after a scheduled scan merges the qualifying groups, most certain first, up to the per-run cap, and the next run takes the rest', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'auto@example.com', token);
    expect((await put(cookie, { automaticCleanupEnabled: true, automaticCleanupMaxMerges: 3 })).statusCode).toBe(200);

    const pair = async (a: Record<string, string>, b: Record<string, string>, confidence: number, type: 'contacts' | 'companies' = 'contacts') =>
      seedGroup(ctx, userId, type, await createRecords(client, type, [a, b]), { confidence });
    // The same mailbox (gmail ignores dots and +tags), the same domain written two ways.
    const ann = await pair({ firstname: 'Ann', email: 'ann.lee@gmail.com', city: 'Leeds' }, { firstname: 'Ann', email: 'annlee+crm@gmail.com', phone: '+44 113 496 0000' }, 0.99);
    const bo = await pair({ firstname: 'Bo', email: 'bo.ek@gmail.com' }, { firstname: 'Bo', lastname: 'Ek', email: 'boek@gmail.com' }, 0.98);
    const dune = await pair({ name: 'Dune Ltd', domain: 'https://www.dune.example/' }, { name: 'Dune Limited', domain: 'dune.example', city: 'Leeds' }, 0.97, 'companies');
    const cy = await pair({ firstname: 'Cy', email: 'cy.x@gmail.com' }, { firstname: 'Cy', email: 'cyx@gmail.com' }, 0.96);
    // Not for automatic merging: different mailboxes, and below the confidence.
    const differ = await pair({ firstname: 'Di', email: 'di@one.example' }, { firstname: 'Di', email: 'di@two.example' }, 0.99);
    const unsure = await pair({ firstname: 'Ed', email: 'e.d@gmail.com' }, { firstname: 'Ed', email: 'ed@gmail.com' }, 0.9);

    const first = await scheduledScanAndCleanup(cookie, userId);
    expect(first).toMatchObject({ status: 'completed', maxMergesPerRun: 3, minConfidence: 0.95, eligibleGroups: 4, mergedGroups: 3, mergedRecords: 3, failedGroups: 0, deferredGroups: 1, skipped: [] });
    expect(first.message).toBe('Merged 3 groups (3 records merged into others) automatically. 1 more group waits for the next run (at most 3 merges a run).');
    expect(first.merges.map((m) => [m.groupId, m.status])).toEqual([[ann, 'completed'], [bo, 'completed'], [dune, 'completed']]);
    for (const id of [ann, bo, dune]) expect(await groupStatus(cookie, id)).toBe('merged');
    for (const id of [cy, differ, unsure]) expect(await groupStatus(cookie, id)).toBe('pending');

    const annMerge = first.merges[0]!;
    const survivor = await client.crm.contacts.basicApi.getById(annMerge.survivorId, ['email', 'city', 'phone']);
    expect(survivor.properties).toMatchObject({ city: 'Leeds', phone: '+44 113 496 0000' });

    // Every automatic merge is in the history as done by automatic cleanup, and restorable.
    const history = (await get(cookie, '/api/cleanup/history?performedBy=automatic-cleanup&pageSize=50')).json() as HistoryPage;
    const merges = history.actions.filter((a) => a.actionType === 'merge');
    expect(merges).toHaveLength(3);
    expect(merges.every((a) => a.performedBy === 'automatic-cleanup' && a.status === 'completed' && a.restore.available)).toBe(true);
    expect(((await get(cookie, '/api/cleanup/history?performedBy=user')).json() as HistoryPage).total).toBe(0);

    // The outbox tells of the run once, with its figures, for the notifications.
    const told = await ctx.database.db.select().from(notificationEvents).where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.kind, 'cleanup.completed')));
    expect(told.map((e) => e.payload)).toEqual([expect.objectContaining({ status: 'completed', mergedGroups: 3, mergedRecords: 3, deferredGroups: 1, message: first.message })]);

    const second = await scheduledScanAndCleanup(cookie, userId);
    expect(second).toMatchObject({ status: 'completed', eligibleGroups: 1, mergedGroups: 1, deferredGroups: 0 });
    expect(second.merges.map((m) => m.groupId)).toEqual([cy]);
    expect(await groupStatus(cookie, cy)).toBe('merged');
  });

  it('leaves a group whose records no longer share the email, and does nothing once the plan no longer includes it', async () => {
    const { cookie, userId } = await connectedUser(ctx, 'changed@example.com', token);
    await put(cookie, { automaticCleanupEnabled: true });
    const records = await createRecords(client, 'contacts', [
      { firstname: 'Fay', email: 'fay.o@gmail.com' },
      { firstname: 'Fay', email: 'fayo@gmail.com' },
    ]);
    const groupId = await seedGroup(ctx, userId, 'contacts', records, { confidence: 0.99 });
    // Since the scan, someone gave the second record another address.
    await client.crm.contacts.basicApi.update(records[1]!.id, { properties: { email: 'fay@elsewhere.example' } });
    const run = await scheduledScanAndCleanup(cookie, userId);
    expect(run).toMatchObject({ status: 'completed', mergedGroups: 0, skipped: [{ groupId, reason: 'Its records no longer share one email address in HubSpot.' }] });
    expect(await groupStatus(cookie, groupId)).toBe('pending');

    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.id, userId));
    const later = await seedGroup(ctx, userId, 'contacts', await createRecords(client, 'contacts', [{ email: 'gil.b@gmail.com' }, { email: 'gilb@gmail.com' }]), { confidence: 0.99 });
    const gated = await scheduledScanAndCleanup(cookie, userId);
    expect(gated).toMatchObject({ status: 'skipped', mergedGroups: 0, message: 'Automatic duplicate cleanup is part of the Professional plan. Upgrade to Professional to have duplicates merged after each scheduled scan.' });
    expect(await groupStatus(cookie, later)).toBe('pending');
  });
});
