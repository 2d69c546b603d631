import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
import { activeUser } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { pollUntil } from '../../test/poll-until';
import { useWorkerProcesses } from '../../test/worker-processes';

const ENCRYPTION_KEY = 'ef'.repeat(32);
// HubSpot's limits made small (10 requests in 2 s), so that two scans of 3,000 contacts fill
// the window many times over; the app learns the size from HubSpot's headers.
const env = useWorkerProcesses(
  { portals: [{ portalId: 701, tier: 'starter', contacts: 3000, seed: 17 }], rateLimits: { windowMs: 2_000, burst: { starter: 10 } }, faults: { latencyMs: 20 } },
  ENCRYPTION_KEY,
);
let ctx: TestApp;
let sandbox: Sandbox;
beforeAll(() => {
  ctx = env.app;
  sandbox = env.sandbox;
});

async function scanOfConnectedUser(email: string): Promise<{ cookie: string; id: number }> {
  const cookie = await activeUser(ctx, email);
  await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: sandbox.portals[0]!.token } });
  const { id } = (await ctx.app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } })).json() as ScanRun;
  return { cookie, id };
}

function finished(cookie: string, id: number): Promise<ScanRun> {
  const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun;
  return pollUntil(read, (run) => !['queued', 'running'].includes(run.status), 150_000, (run) => `scan ${id}: ${run.status} ${JSON.stringify(run.progress)}`);
}

describe.skipIf(!postgresServerUrl)(`two worker processes syncing one portal ${NEEDS_POSTGRES_SERVER}`, () => {
  it('share its HubSpot budget: HubSpot answers almost every request, not a stream of 429s', async () => {
    // Two accounts connected to the same portal: each scan lists all 3,000 contacts.
    const scans = [await scanOfConnectedUser('budget-a@example.com'), await scanOfConnectedUser('budget-b@example.com')];
    sandbox.resetStats();
    // One job each, so both processes call HubSpot at once.
    env.startWorker({ WORKER_CONCURRENCY: '1' });
    env.startWorker({ WORKER_CONCURRENCY: '1' });
    const runs = await Promise.all(scans.map(({ cookie, id }) => finished(cookie, id)));
    for (const run of runs) expect(run).toMatchObject({ status: 'completed', errorMessage: null, results: [{ objectType: 'contacts', totalRecords: 3000 }] });

    const stats = sandbox.stats();
    const rateLimited = stats.byStatus['429'] ?? 0;
    console.info(`two workers, one portal: ${rateLimited} HTTP 429 in ${stats.requests} requests`);
    // 60 list pages and a few searches at least; a limiter per process ran into tens of 429s here.
    expect(stats.requests).toBeGreaterThanOrEqual(60);
    expect(rateLimited).toBeLessThanOrEqual(4);
  }, 200_000);
});
