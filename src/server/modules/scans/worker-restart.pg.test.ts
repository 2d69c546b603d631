import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../../../shared/contracts/scans';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The postgres test project needs TEST_DATABASE_URL: a PostgreSQL server on which it may create databases (see README).');
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ENCRYPTION_KEY = 'ab'.repeat(32);
let sandbox: Sandbox;
let ctx: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 601, contacts: 3000, seed: 13 }], rateLimits: false, faults: { latencyMs: 40 } });
  // No workers in this process: the scan runs in separate `npm run worker` processes.
  ctx = await startTestApp({ work: false, env: { HUBSPOT_API_BASE: sandbox.url, ENCRYPTION_KEY } });
});

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await ctx?.stop();
  await sandbox?.close();
});

function startWorker(): ChildProcess {
  if (ctx.database.driver !== 'postgres') throw new Error('expected a PostgreSQL test database');
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/jobs/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: ctx.database.connectionString,
      DATA_DIR: ctx.config.dataDir,
      ENCRYPTION_KEY,
      HUBSPOT_API_BASE: sandbox.url,
      JOB_SUPERVISE_SECONDS: '1',
    },
    stdio: 'ignore',
  });
  workers.push(worker);
  return worker;
}

async function until(cookie: string, id: number, done: (run: ScanRun) => boolean, timeoutMs: number): Promise<ScanRun> {
  const started = Date.now();
  for (;;) {
    const run = (await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun;
    if (done(run)) return run;
    if (Date.now() - started > timeoutMs) throw new Error(`Scan ${id} did not get there in ${timeoutMs} ms: ${run.status} ${JSON.stringify(run.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a worker process killed mid-scan', () => {
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
