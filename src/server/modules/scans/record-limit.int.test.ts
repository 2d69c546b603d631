import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
import { users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';

let sandbox: Sandbox;
let ctx: TestApp;
// Just above Starter's 10,000 records.
const CONTACTS = 10_150;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 971, contacts: CONTACTS, companies: 2, deals: 2, tickets: 2, seed: 17 }], rateLimits: false });
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url } });
}, 120_000);
afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

async function scanContacts(cookie: string) {
  const started = await ctx.app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json() as ScanRun;
  const run = await pollUntil(async () => (await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun, (r) => !['queued', 'running'].includes(r.status), 180_000, (r) => `scan ${id}: ${r.status}`, 500);
  expect(run.status).toBe('completed');
  const results = (await ctx.app.inject({ method: 'GET', url: '/api/hubspot/results', headers: { cookie } })).json();
  return results.objects.find((t: { objectType: string }) => t.objectType === 'contacts').selection;
}

describe('the plan\'s record limit', () => {
  it('scans up to 10,000 contacts on Starter and says the plan limited it; Professional scans them all', { timeout: 400_000 }, async () => {
    const cookie = await activeUser(ctx, 'big-portal@example.com');
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, 'big-portal@example.com'));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: sandbox.portals[0]!.token } })).statusCode).toBe(200);

    const onStarter = await scanContacts(cookie);
    expect(onStarter).toMatchObject({ inMirror: CONTACTS, scanned: 10_000, limitedBy: 'plan-limit', recordLimit: 10_000, plan: 'starter' });

    await ctx.database.db.update(users).set({ plan: 'professional' }).where(eq(users.email, 'big-portal@example.com'));
    const onProfessional = await scanContacts(cookie);
    expect(onProfessional).toMatchObject({ inMirror: CONTACTS, scanned: CONTACTS, limitedBy: null, recordLimit: 50_000, plan: 'professional' });

    // The per-scan cap of Settings below the plan's limit is the user's own choice, not the plan's.
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload: { maxRecordsLimit: 5 } })).statusCode).toBe(200);
    expect(await scanContacts(cookie)).toMatchObject({ scanned: 5_000, limitedBy: 'record-limit', recordLimit: 5_000 });
  });
});
