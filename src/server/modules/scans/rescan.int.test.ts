import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { DuplicateGroupPage } from '../../../shared/contracts/results';
import type { ScanRun } from '../../../shared/contracts/scans';
import { crmConnections, crmRecords, scanHistory, trainedModels } from '../../db/schema';
import { loadSelectionVersions, loadSelectionVersionsSince } from './scan-records';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

let sandbox: Sandbox;
let ctx: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 611, contacts: 900, seed: 17 }], rateLimits: false });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url } });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Scans the contacts; returns how much the engine redid and the pending groups as sorted id lists. */
async function scanContacts(cookie: string) {
  const { id } = (await send(cookie, 'POST', '/api/scans', { objectTypes: ['contacts'] })).json() as ScanRun;
  const read = async () => (await get(cookie, `/api/scans/${id}`)).json() as ScanRun;
  const run = await pollUntil(read, (r) => !['queued', 'running'].includes(r.status), 120_000, (r) => `scan ${id}: ${r.status}`, 200);
  expect(run.status).toBe('completed');
  const [row] = await ctx.database.db.select({ scanData: scanHistory.scanData }).from(scanHistory).where(eq(scanHistory.runId, id)).orderBy(desc(scanHistory.id)).limit(1);
  const rescan = (JSON.parse(row!.scanData!) as { engine: { rescan: { mode: string; changed: number } } }).engine.rescan;
  const groups: string[] = [];
  for (let number = 1; ; number++) {
    const page = (await get(cookie, `/api/duplicates?objectType=contacts&pageSize=100&page=${number}`)).json() as DuplicateGroupPage;
    groups.push(...page.groups.map((g) => g.records.map((r) => r.id).sort().join(' ')));
    if (groups.length >= page.total || page.groups.length === 0) break;
  }
  groups.sort();
  return { rescan, groups, totalRecords: run.results[0]!.totalRecords };
}

describe('a rescan redoes only what changed', () => {
  it('reuses an unchanged scan, rescans a changed record, a new duplicate and a deleted one, and scans in full after a settings change', async () => {
    const cookie = await activeUser(ctx, 'rescan@example.com');
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    const first = await scanContacts(cookie);
    expect(first.rescan).toEqual({ mode: 'full', changed: first.totalRecords, modelFrom: 'trained' });
    expect(first.groups.length).toBeGreaterThan(20);
    // The model is stored with the results, for the portal (a scan elsewhere, the public API).
    const [stored] = await ctx.database.db.select().from(trainedModels).innerJoin(crmConnections, eq(crmConnections.id, trainedModels.connectionId)).where(eq(trainedModels.objectType, 'contacts')).orderBy(desc(crmConnections.id)).limit(1);
    expect(stored?.trained_models).toMatchObject({ records: first.totalRecords, hubId: '611', changedSinceTraining: 0 });

    const unchanged = await scanContacts(cookie);
    expect(unchanged.rescan).toEqual({ mode: 'unchanged', changed: 0, modelFrom: 'kept' });
    expect(unchanged.groups).toEqual(first.groups);

    // In HubSpot: one contact copied (a new duplicate), one grouped contact deleted, one edited.
    const store = sandbox.state.portal(611)!.store('contacts');
    const grouped = first.groups.find((g) => g.split(' ').length === 2)!.split(' ');
    const inGroups = new Set(first.groups.flatMap((g) => g.split(' ')));
    let lone = 0;
    while (inGroups.has(String(store.idOf(lone))) || !store.get(lone, 'email')) lone++;
    const now = Date.now();
    const properties = Object.fromEntries(store.propertiesWithValues(lone).filter((p) => !store.isDerived(p)).map((p) => [p, store.get(lone, p)]));
    const copySlot = store.append({ createdAt: now, updatedAt: now, properties });
    store.archive(store.slotOfId(Number(grouped[0])), now);
    const edited = (lone + 7) % store.size;
    store.set(edited, 'jobtitle', 'Head of Rescans');
    store.touch(edited, now);

    const changed = await scanContacts(cookie);
    expect(changed.rescan.mode).toBe('changes');
    expect(changed.rescan.changed).toBe(3);
    expect(changed.totalRecords).toBe(first.totalRecords);
    expect(changed.groups).toContain([String(store.idOf(lone)), String(store.idOf(copySlot))].sort().join(' '));
    expect(changed.groups.some((g) => g.split(' ').includes(grouped[0]!))).toBe(false);
    // Everything else stands as it was.
    const untouched = (groups: string[]) => groups.filter((g) => !g.split(' ').some((id) => [grouped[0], String(store.idOf(lone)), String(store.idOf(edited))].includes(id)));
    expect(untouched(changed.groups)).toEqual(untouched(first.groups).filter((g) => g !== grouped.join(' ')));

    expect((await send(cookie, 'PUT', '/api/settings', { duplicateDetectionSensitivity: 'high' })).statusCode).toBe(200);
    const afterSettings = await scanContacts(cookie);
    expect(afterSettings.rescan.mode).toBe('full');
  });
});

describe('the list of what changed', () => {
  it('reads only records modified since the kept list when nothing else changed, and the whole list when records are gone', async () => {
    const cookie = await activeUser(ctx, 'versions@example.com');
    await send(cookie, 'POST', '/api/hubspot/connect-token', { accessToken: sandbox.portals[0]!.token });
    await scanContacts(cookie);
    const [connection] = await ctx.database.db.select({ id: crmConnections.id, userId: crmConnections.userId }).from(crmConnections).orderBy(desc(crmConnections.id)).limit(1);
    const db = ctx.database.db;
    const options = { samplingRate: 100, recordLimit: 100_000 };
    const kept = (await loadSelectionVersions(db, connection!.id, 'contacts', options)).versions;
    expect((await loadSelectionVersionsSince(db, connection!.id, 'contacts', options, kept)).versions).toEqual(kept);

    const [first, second] = [...kept.keys()];
    const later = new Date(Math.max(...kept.values()) + 60_000);
    const mirror = (id: string) => and(eq(crmRecords.connectionId, connection!.id), eq(crmRecords.objectType, 'contacts'), eq(crmRecords.hubspotId, id));
    await db.update(crmRecords).set({ hubspotUpdatedAt: later }).where(mirror(first!));
    const modified = (await loadSelectionVersionsSince(db, connection!.id, 'contacts', options, kept)).versions;
    expect(modified.get(first!)).toBe(later.getTime());
    expect(modified.size).toBe(kept.size);

    await db.update(crmRecords).set({ archived: true }).where(mirror(second!));
    const gone = await loadSelectionVersionsSince(db, connection!.id, 'contacts', options, modified);
    expect(gone.versions.has(second!)).toBe(false);
    expect(gone.versions).toEqual((await loadSelectionVersions(db, connection!.id, 'contacts', options)).versions);
  });
});
