import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
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
const startWorker = () => env.startWorker();

function until(cookie: string, id: number, done: (run: ScanRun) => boolean, timeoutMs: number): Promise<ScanRun> {
  const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun;
  return pollUntil(read, done, timeoutMs, (run) => `scan ${id}: ${run.status} ${JSON.stringify(run.progress)}`);
}

describe.skipIf(!postgresServerUrl)(`a worker process killed mid-scan ${NEEDS_POSTGRES_SERVER}`, () => {
  it('leaves a scan that another worker finishes, resuming the sync where it stopped', async () => {
    const cookie = await activeUser(ctx, 'resilient@example.com');
    await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: sandbox.portals[0]!.token } });
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } })).json() as ScanRun;

    const first = startWorker();
    const midway = await until(cookie, id, (run) => run.progress.recordsFetched >= 800, 60_000);
    expect(midway.status).toBe('running');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    sandbox.resetStats();

    startWorker();
    const run = await until(cookie, id, (r) => !['queued', 'running'].includes(r.status), 90_000);
    expect(run).toMatchObject({ status: 'completed', errorMessage: null });
    expect(run.results[0]).toMatchObject({ objectType: 'contacts', totalRecords: 3000 });
    // The second worker listed only the pages the first had not saved: 30 pages in all.
    const listed = sandbox.stats().byRoute['GET /crm/v3/objects/:objectType']?.requests ?? 0;
    expect(listed).toBeLessThan(30 - 5);
  }, 180_000);
});
