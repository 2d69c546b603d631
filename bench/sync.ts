/**
 * Scans against the HubSpot sandbox with HubSpot's rate limits on (a Starter private app:
 * 100 requests per 10 s, 5 searches a second), through the whole product: API, job queue,
 * sync, engine, storage. Prints, for a portal of BENCH_SYNC_RECORDS contacts (100,000 by
 * default):
 *   - the full scan: wall time, requests, 429s, and the share of the request budget used;
 *   - an incremental rescan after 1% of the contacts changed, and its share of the full time;
 *   - a rescan with nothing changed (the mirror already complete).
 * Each scan's phases and the process's peak memory a record follow, then a table against the
 * previous run's figures in bench/results/sync.json (see bench/lib/bench-history.ts).
 * Run: npm run bench:sync
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startSandbox } from '../tools/hubspot-sandbox/sandbox';
import type { ScanRun } from '../src/shared/contracts/scans';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { pgliteDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { JobQueue } from '../src/server/jobs/queue';
import { jobRegistry } from '../src/server/jobs/registry';
import { createLogger } from '../src/server/logger';
import { activeUser } from '../src/server/test/accounts';
import { scanHistory, users } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { readFileSync, writeFileSync } from 'node:fs';
import { compareWithPrevious, type Figure } from './lib/bench-history';

const records = Number(process.env.BENCH_SYNC_RECORDS ?? 100_000);
const BURST = 100;
const WINDOW_S = 10;

const sandbox = await startSandbox({ portals: [{ portalId: 900, contacts: records, seed: 21, tier: 'starter' }] });
const portal = sandbox.portals[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-sync-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, HUBSPOT_API_BASE: sandbox.url, PORT: '3999' });
const pglite = await PGlite.create();
const database = pgliteDatabase(pglite);
await migrateDatabase(database);
const queue = await JobQueue.start({ config, database, jobs: jobRegistry, log: createLogger(config), work: true });
const app = await buildApp({ config, database, queue, webRoot: '/nonexistent' });
const context = { app, database, queue, config, stop: async () => {} };

const cookie = await activeUser(context, 'bench@example.com');
// Enterprise: no plan record limit, so the whole portal is scanned (maxRecordsLimit 100 = 100,000).
await database.db.update(users).set({ plan: 'enterprise' }).where(eq(users.email, 'bench@example.com'));
await app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie }, payload: { accessToken: portal.token } });

const figures: Figure[] = [];
// The kernel's high-water mark of the process's memory (Linux), reset before each scan.
const resetHighWaterMark = () => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: the figure is the process's peak so far.
  }
};
const highWaterMark = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

async function scan(label: string): Promise<number> {
  sandbox.resetStats();
  resetHighWaterMark();
  const started = performance.now();
  const { id } = (await app.inject({ method: 'POST', url: '/api/scans', headers: { cookie }, payload: { objectTypes: ['contacts'] } })).json() as ScanRun;
  let run: ScanRun;
  let lastPrinted = 0;
  for (;;) {
    run = (await app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } })).json() as ScanRun;
    if (!['queued', 'running'].includes(run.status)) break;
    if (performance.now() - lastPrinted > 5000) {
      process.stderr.write(`  ${label}: ${run.progress.percent}% ${run.progress.message} (${run.progress.recordsFetched} fetched)\n`);
      lastPrinted = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 'completed') throw new Error(`${label} ended ${run.status}: ${run.errorMessage}`);
  const stats = sandbox.stats().byToken[portal.token]!;
  const requests = stats.requests;
  const limited = stats.byStatus['429'] ?? 0;
  const searchRoute = Object.entries(sandbox.stats().byRoute).find(([route]) => route.includes('/search'))?.[1]?.requests ?? 0;
  const listRequests = requests - searchRoute;
  // An ideal client spends the first window's burst at once, then BURST per window.
  const idealSeconds = Math.max(0, listRequests - BURST) / (BURST / WINDOW_S);
  const result = run.results[0]!;
  const [row] = await database.db.select({ scanData: scanHistory.scanData }).from(scanHistory).where(eq(scanHistory.id, result.scanId));
  const phases = (JSON.parse(row?.scanData ?? '{}') as { timingsMs?: Record<string, number> }).timingsMs;
  console.log(
    `${label.padEnd(22)} ${seconds.toFixed(1).padStart(7)} s   requests ${String(requests).padStart(5)} (429: ${limited})   records ${result.totalRecords}   duplicates ${result.duplicateRecords}` +
      (listRequests > BURST ? `   budget used ${((idealSeconds / ((phases?.sync ?? seconds * 1000) / 1000)) * 100).toFixed(0)}% of the sync's ${((phases?.sync ?? 0) / 1000).toFixed(1)} s` : ''),
  );
  const peak = highWaterMark();
  const saving = Math.max(0, Math.round(seconds * 1000 - Object.values(phases ?? {}).reduce((a, b) => a + b, 0)));
  console.log(`${''.padEnd(22)} phases: ${Object.entries({ ...phases, 'saving and the rest': saving }).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`).join(', ')}`);
  console.log(`${''.padEnd(22)} peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB, ${Math.round(peak / records).toLocaleString('en-US')} bytes a record (sandbox, server and engine in one process)`);
  figures.push(
    { name: `${label}: total`, value: seconds, unit: 's', better: 'lower' },
    ...Object.entries({ ...phases, saving }).map(([name, ms]): Figure => ({ name: `${label}: ${name}`, value: ms, unit: 'ms', better: 'lower' })),
    { name: `${label}: peak RSS`, value: Math.round(peak / 2 ** 20), unit: 'MiB', better: 'lower' },
  );
  return seconds;
}

console.log(`portal: ${records.toLocaleString('en-US')} contacts, HubSpot limits: ${BURST} requests per ${WINDOW_S} s, 5 searches a second`);
const full = await scan('full scan');

// 1% of the contacts change in HubSpot.
const store = sandbox.state.portal(900)!.store('contacts');
const changed = Math.round(records / 100);
for (let k = 0; k < changed; k++) {
  const slot = Math.floor((k * store.size) / changed);
  store.set(slot, 'jobtitle', `Changed ${k}`);
  store.touch(slot, Date.now());
}
const incremental = await scan('1% changed rescan');
console.log(`incremental rescan took ${((incremental / full) * 100).toFixed(1)}% of the full scan's time (target at most 10%)`);
const unchanged = await scan('unchanged rescan');
console.log(`scan of ${records.toLocaleString('en-US')} mirrored contacts end to end: ${unchanged.toFixed(1)} s (target at most 10 s)`);

compareWithPrevious(process.env.BENCH_SYNC_RECORDS ? `sync-${records}` : 'sync', figures);

await app.close();
await queue.stop();
await database.close();
await sandbox.close();
await rm(dataDir, { recursive: true, force: true });
