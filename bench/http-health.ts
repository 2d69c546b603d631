/**
 * HTTP overhead of the stack: boots the real app on a fresh embedded database and times
 * GET /api/health (a database round trip and a queue check) through app.inject.
 * Run: npm run bench:http
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startRuntime } from '../src/server/runtime';

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RUN_WORKERS: 'false', DATABASE_URL: process.env.DATABASE_URL ?? '' });

const bootStarted = performance.now();
const runtime = await startRuntime(config, createLogger(config), { work: false });
const app = await buildApp({ config, database: runtime.database, queue: runtime.queue });
await app.ready();
const bootMs = performance.now() - bootStarted;

const timings: number[] = [];
const started = performance.now();
for (let i = 0; i < requests; i++) {
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}: ${res.body}`);
  timings.push(performance.now() - t);
}
const totalMs = performance.now() - started;
timings.sort((a, b) => a - b);
const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(2);

console.log(`driver            ${runtime.database.driver}`);
console.log(`boot (new db)     ${bootMs.toFixed(0)} ms`);
console.log(`requests          ${requests}`);
console.log(`throughput        ${((requests / totalMs) * 1000).toFixed(0)} req/s (sequential)`);
console.log(`latency p50/p99   ${pct(50)} / ${pct(99)} ms`);
console.log(`peak RSS          ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);

await app.close();
await runtime.stop();
await fs.rm(dataDir, { recursive: true, force: true });
