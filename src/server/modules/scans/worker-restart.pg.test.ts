import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
import { crmSyncState, scanHistory } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { pollUntil } from '../../test/poll-until';
import { useWorkerProcesses } from '../../test/worker-processes';

const ENCRYPTION_KEY = 'ab'.repeat(32);
const env = useWorkerProcesses({ portals: [{ portalId: 601, contacts: 3000, seed: 13 }], rateLimits: false, faults: { latencyMs: 40 } }, ENCRYPTION_KEY);
let ctx: TestApp;
let sandbox: Sandbox;
beforeAll(() => {
  ctx = env.app;
  sandbox = env.sandbox;
});
// With the product's own job timings: how fast a dead worker's scan is taken over is measured.
const startWorker = () => env.startWorker();

function until(cookie: string, id: number, done: (run: ScanRun) => boolean, timeoutMs: number): Promise<ScanRun> {
  const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun;
  return pollUntil(read, done, timeoutMs, (run) => `scan ${id}: ${run.status} ${JSON.stringify(run.progress)}`);
}

describe.skipIf(!postgresServerUrl)(`a worker process killed mid-scan ${NEEDS_POSTGRES_SERVER}`, () => {
  it('leaves a scan that another worker takes over within 20 s, resuming the sync where it stopped and counting the whole scan', async () => {
    const cookie = await activeUser(ctx, 'resilient@example.com');
    await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: sandbox.portals[0]!.token } });
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } })).json() as ScanRun;

    const first = startWorker();
    const midway = await until(cookie, id, (run) => run.progress.recordsFetched >= 800, 60_000);
    expect(midway.status).toBe('running');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const killedAt = Date.now();
    const [stopped] = await ctx.database.db.select().from(crmSyncState).where(eq(crmSyncState.objectType, 'contacts'));
    const atKill = (await until(cookie, id, () => true, 1_000)).progress;
    sandbox.resetStats();

    // Another worker, as a deployment keeps running beside the one that died.
    startWorker();
    const resumed = await until(cookie, id, (run) => JSON.stringify(run.progress) !== JSON.stringify(atKill), 60_000);
    const takeoverMs = Date.now() - killedAt;
    console.info(`a killed worker's scan was taken over after ${(takeoverMs / 1000).toFixed(1)} s`);
    // pg-boss's heartbeat (10 s, its minimum) and supervision (5 s) leave a few seconds for a busy machine.
    expect(takeoverMs).toBeLessThan(20_000);
    // The resumed scan goes on from what the dead worker saved, not from nothing.
    expect(resumed.progress.recordsFetched).toBeGreaterThanOrEqual(stopped!.fetched);

    const run = await until(cookie, id, (r) => !['queued', 'running'].includes(r.status), 90_000);
    expect(run).toMatchObject({ status: 'completed', errorMessage: null });
    expect(run.results[0]).toMatchObject({ objectType: 'contacts', totalRecords: 3000 });
    // The second worker listed only the pages the first had not saved: 30 pages in all.
    const listed = sandbox.stats().byRoute['GET /crm/v3/objects/:objectType']?.requests ?? 0;
    expect(listed).toBeLessThan(30 - 5);
    // Progress and results count every record once across both attempts, and the time of both.
    expect(run.progress.recordsFetched).toBe(3000);
    const [history] = await ctx.database.db.select().from(scanHistory).where(and(eq(scanHistory.runId, id), eq(scanHistory.objectType, 'contacts')));
    const scanData = JSON.parse(history!.scanData!) as { sync: { fetched: number }; timingsMs: { sync: number } };
    expect(scanData.sync.fetched).toBe(3000);
    // The second attempt waited 40 ms at least for each page it listed.
    expect(scanData.timingsMs.sync).toBeGreaterThanOrEqual(stopped!.elapsedMs + ((3000 - stopped!.fetched) / 100) * 40);
  }, 180_000);
});
