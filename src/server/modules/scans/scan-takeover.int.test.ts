import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import { scanHistory, scanRuns, users } from '../../db/schema';
import type { JobContext } from '../../jobs/define-job';
import { activeUser } from '../../test/accounts';
import { pollUntil } from '../../test/poll-until';
import { startTestApp, type TestApp } from '../../test/test-app';
import { runScan } from './run-scan';

let sandbox: Sandbox;
let ctx: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 515, contacts: 300, seed: 5 }], rateLimits: false });
  // No workers: each test runs the job's attempts itself, as two workers would.
  ctx = await startTestApp({ env: { HUBSPOT_API_BASE: sandbox.url }, work: false });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

/** A connected user's queued scan of contacts. */
async function queuedScan(email: string): Promise<number> {
  const cookie = await activeUser(ctx, email);
  const connected = await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: sandbox.portals[0]!.token } });
  expect(connected.statusCode).toBe(200);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [run] = await ctx.database.db.insert(scanRuns).values({ userId: user!.id, objectTypes: ['contacts'] }).returning({ id: scanRuns.id });
  return run!.id;
}

const attemptContext = (signal: AbortSignal): JobContext => ({ db: ctx.database.db, config: ctx.config, log: ctx.app.log, queue: ctx.queue, signal });
const runOf = async (runId: number) => (await ctx.database.db.select().from(scanRuns).where(eq(scanRuns.id, runId)))[0]!;
const historyOf = (runId: number) => ctx.database.db.select({ id: scanHistory.id }).from(scanHistory).where(eq(scanHistory.runId, runId));

/** Starts an attempt whose HubSpot reads each take 1.5 s, and waits until it is syncing. */
async function pausedAttempt(runId: number, signal: AbortSignal): Promise<{ settled: Promise<void> }> {
  sandbox.setFaults({ latencyMs: 1_500, paths: ['/crm/v3/objects/contacts'] });
  const attempt = runScan(attemptContext(signal), runId);
  await pollUntil(() => runOf(runId), (run) => run.progress?.phase === 'syncing', 20_000, (run) => JSON.stringify(run.progress));
  // Wrapped: an async function returning the promise itself would wait for it.
  return { settled: attempt };
}

describe('a scan attempt that lost its job', () => {
  it('writes nothing once a newer attempt holds the run, even if its signal never aborts: results saved once, progress the live attempt\'s', async () => {
    const runId = await queuedScan('stalled-scan@example.com');
    // pg-boss's heartbeat could not tell this attempt (its touch failed): only the fence stops it.
    const first = await pausedAttempt(runId, new AbortController().signal);
    try {
      await runScan(attemptContext(new AbortController().signal), runId);
    } finally {
      sandbox.setFaults({ latencyMs: 0, paths: [] });
    }
    const finished = await runOf(runId);
    expect(finished).toMatchObject({ status: 'completed', progress: { phase: 'done', percent: 100 } });

    await first.settled;
    expect(await historyOf(runId)).toHaveLength(1);
    expect(await runOf(runId)).toEqual(finished);
  });

  it('stops at its next checkpoint when pg-boss aborts its signal, without recording an outcome', async () => {
    const runId = await queuedScan('lost-claim@example.com');
    const claim = new AbortController();
    const attempt = await pausedAttempt(runId, claim.signal);
    claim.abort(new Error('job is no longer active under this worker\'s claim'));
    sandbox.setFaults({ latencyMs: 0, paths: [] });
    await attempt.settled;
    // The run stays where the retry will take it up; this attempt neither saved nor failed it.
    expect(await runOf(runId)).toMatchObject({ status: 'running', finishedAt: null, errorMessage: null });
    expect(await historyOf(runId)).toHaveLength(0);
  });
});
