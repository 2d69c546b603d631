/**
 * The public API under load: POST /api/v1/contacts/match (single records, half near
 * duplicates of mirrored contacts, half new people) and GET /api/v1/scans, each at a fixed
 * rate over real HTTP with an API key, the request log on, for an account with 100,000
 * contacts in its mirror. Open loop: requests go out when due whether or not earlier ones
 * have finished, so queueing shows. The client runs in a thread of its own (bench/lib/open-loop-worker.ts),
 * as callers are other machines in production. Target: match p99 at most 50 ms at 100 requests a second.
 *
 * BENCH_RPS (default 100), BENCH_SECONDS (default 30), BENCH_RECORDS (default 100,000), DATABASE_URL for a server instead of
 * the embedded database. Run: npm run bench:api
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { crmConnections, crmRecords, users } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { generateDemoPortal } from '../src/server/modules/demo';
import { MatchIndexCache } from '../src/server/modules/enterprise-api';
import { engineSettingsOf, scanSelection, storeModel } from '../src/server/modules/scans';
import { SETTINGS_DEFAULTS } from '../src/shared/defaults';
import { startRuntime } from '../src/server/runtime';
import type { OpenLoopJob, OpenLoopOutcome } from './lib/open-loop-worker';

const RPS = Number(process.env.BENCH_RPS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const TARGET_P99_MS = 50;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-api-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  RUN_WORKERS: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  SMTP_URL: 'smtp://127.0.0.1:1',
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
});
const runtime = await startRuntime(config, createLogger(config), { work: false });
const db = runtime.database.db;
const app = await buildApp({ config, database: runtime.database, queue: runtime.queue });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const clock = () => {
  const started = performance.now();
  return () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

// An Enterprise account (the quota a bench needs), signed in over HTTP, with an API key.
const email = 'bench-api@example.com';
const password = 'bench-password-1';
const json = { 'content-type': 'application/json' };
await fetch(`${base}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ email, password, confirmPassword: password }) });
await db.update(users).set({ emailVerified: true, fullName: 'Bench User', countryOfResidence: 'United States', contactPhone: '+1 555 0100', plan: 'enterprise' }).where(eq(users.email, email));
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
const created = await fetch(`${base}/api/enterprise/keys`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'bench' }) });
if (!created.ok) throw new Error(`creating a key answered ${created.status}: ${await created.text()}`);
const key = ((await created.json()) as { key: string }).key;
const auth = { authorization: `Bearer ${key}` };

// The mirror: 100,000 contacts, inserted directly.
let elapsed = clock();
const contacts = generateDemoPortal(new Date(), { contacts: RECORDS, companies: 0, deals: 0, tickets: 0 }).contacts.slice(0, RECORDS);
const [connection] = await db.insert(crmConnections).values({ userId: user!.id, authType: 'private_app', hubId: '1', hubDomain: 'bench.hubspot.com' }).returning({ id: crmConnections.id });
for (let from = 0; from < contacts.length; from += 2_000) {
  await db.insert(crmRecords).values(
    contacts.slice(from, from + 2_000).map((r) => ({ connectionId: connection!.id, userId: user!.id, objectType: 'contacts', hubspotId: r.id, properties: r.properties, hubspotCreatedAt: r.createdAt, hubspotUpdatedAt: r.updatedAt })),
  );
}
console.log(`mirror            ${contacts.length.toLocaleString('en')} contacts stored in ${elapsed()}`);

// A portal's index without a stored model trains its own first (the whole engine over the
// mirror); after a scan it takes the model the scan stored (decision 026), as below.
// Both in a function: what they leave is garbage before the calls are timed.
async function indexAndScan() {
  const [account] = await db.select().from(users).where(eq(users.id, user!.id));
  let elapsed = clock();
  const untrained = await new MatchIndexCache(db).indexFor(account!, 'contacts');
  console.log(`index, no model   built in ${elapsed()} (trained its own: ${untrained.trained})`);
  elapsed = clock();
  const portal = { id: connection!.id, hubId: '1' };
  const scanned = await scanSelection(db, portal, 'contacts', { samplingRate: 100, recordLimit: null }, { settings: engineSettingsOf(SETTINGS_DEFAULTS), values: false }, { memoryRecords: 0 });
  await db.transaction((tx) => storeModel(tx, portal, 'contacts', scanned.result.model, scanned.model));
  console.log(`scan              ${scanned.result.groups.length.toLocaleString('en')} groups in ${elapsed()}, model stored`);
  elapsed = clock();
  const withModel = await new MatchIndexCache(db).indexFor(account!, 'contacts');
  if (withModel.trained) throw new Error('the index trained a model of its own: the stored one did not fit');
  console.log(`index, its model  built in ${elapsed()} with the model the scan stored`);
}
await indexAndScan();

// Records to check: a near duplicate of a mirrored contact (a typo, another way of writing
// the email and phone), or someone new (names recombined, an address of their own).
let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const typo = (text: string) => {
  if (text.length < 4) return text;
  const at = 1 + Math.floor(random() * (text.length - 2));
  return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
};
function nearDuplicate(): Record<string, string | null> {
  const p = pick(contacts).properties;
  return { ...p, firstname: typo(p.firstname ?? ''), email: p.email ? p.email.toUpperCase() : null, phone: p.phone ? p.phone.replace(/\D/g, '') : null };
}
function newPerson(i: number): Record<string, string | null> {
  const first = pick(contacts).properties.firstname ?? 'Alex';
  const last = `${pick(contacts).properties.lastname ?? 'Smith'}${['son', 'ley', 'er'][i % 3]}`;
  return { firstname: first, lastname: last, email: `${first}.${last}.${i}@new-${i % 50}.example`.toLowerCase(), phone: `+1 415 ${String(200 + (i % 700)).padStart(3, '0')} ${String(1000 + i).slice(-4)}`, city: pick(contacts).properties.city ?? null };
}
const bodies = Array.from({ length: RPS * SECONDS }, (_, i) => JSON.stringify({ properties: i % 2 === 0 ? nearDuplicate() : newPerson(i) }));
// The generated portal is in the database now: this process's heap should hold what a server's does.
contacts.length = 0;

// The index is built on the first call: what a portal's first check after a scan costs.
const heapNow = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heapNow();
elapsed = clock();
const first = await fetch(`${base}/api/v1/contacts/match`, { method: 'POST', headers: { ...json, ...auth }, body: bodies[0] });
if (!first.ok) throw new Error(`match answered ${first.status}: ${await first.text()}`);
await first.arrayBuffer();
console.log(`index             built on the first call in ${elapsed()} with the scan's model, index heap ${mib(heapNow() - heapBefore)} after a full GC (RSS ${mib(process.memoryUsage().rss)})`);

// One at a time: what a check costs with nothing else going on.
const alone: number[] = [];
for (let i = 1; i <= 50; i++) {
  const sent = performance.now();
  const response = await fetch(`${base}/api/v1/contacts/match`, { method: 'POST', headers: { ...json, ...auth }, body: bodies[i] });
  await response.arrayBuffer();
  alone.push(performance.now() - sent);
}
alone.sort((a, b) => a - b);
console.log(`alone             50 checks one at a time: p50 ${alone[25]!.toFixed(1)} ms  max ${alone[49]!.toFixed(1)} ms`);

/** What stalls the thread the server and the embedded database share: event-loop delay and GC pauses. */
function stalls(): () => string {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['gc'] });
  loop.enable();
  return () => {
    loop.disable();
    observer.disconnect();
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    return `event loop delay p99 ${ms(loop.percentile(99))} ms max ${ms(loop.max)} ms; ${pauses.length} GC pauses, longest ${Math.max(0, ...pauses).toFixed(0)} ms, ${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms in all`;
  };
}

/**
 * BENCH_PROFILE=<file>: a CPU profile of the server's thread (server and embedded database)
 * while the match calls run, for Chromium's DevTools; a profile of the whole bench buries
 * them under the mirror's insert and the index build.
 */
async function profileServerThread(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    await fs.writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`${''.padEnd(17)} CPU profile of the server thread during the match calls: ${file}`);
  };
}

/** Drives one kind of call from the load thread, and reports it with the server's stalls meanwhile. */
async function drive(name: string, job: Omit<OpenLoopJob, 'total' | 'rps'>): Promise<OpenLoopOutcome> {
  const stalled = stalls();
  // The worker runs TypeScript too: it registers tsx before it imports its entry.
  const entry = new URL('./lib/open-loop-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
    workerData: { ...job, total: RPS * SECONDS, rps: RPS } satisfies OpenLoopJob,
  });
  const outcome = await new Promise<OpenLoopOutcome>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  report(name, outcome);
  console.log(`${''.padEnd(17)} ${stalled()}`);
  return outcome;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
function report(name: string, outcome: OpenLoopOutcome): void {
  const values = outcome.latencies.sort((a, b) => a - b);
  const p99 = pct(values, 99);
  console.log(
    `${name.padEnd(17)} ${values.length} requests at ${(values.length / outcome.seconds).toFixed(1)}/s  p50 ${pct(values, 50).toFixed(1)} ms  p95 ${pct(values, 95).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${values.at(-1)!.toFixed(1)} ms  errors ${outcome.errors}`,
  );
}

const stopProfile = await profileServerThread();
const match = await drive('match', { url: `${base}/api/v1/contacts/match`, method: 'POST', headers: { ...json, ...auth, 'user-agent': 'bench-api/1.0' }, bodies });
await stopProfile();
console.log(`match answers     ${match.matched} of ${match.latencies.length - match.errors} found a probable duplicate (half the records were near duplicates)`);
await drive('list scans', { url: `${base}/api/v1/scans`, method: 'GET', headers: { ...auth, 'user-agent': 'bench-api/1.0' }, bodies: null });
const matchP99 = pct(match.latencies, 99);
console.log(`target            match p99 ${matchP99.toFixed(1)} ms (target ${TARGET_P99_MS} ms: ${matchP99 <= TARGET_P99_MS ? 'ok' : 'MISSED'}), peak RSS ${mib(process.memoryUsage().rss)}`);

await app.close();
await runtime.stop();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(matchP99 <= TARGET_P99_MS && match.errors === 0 ? 0 : 1);
