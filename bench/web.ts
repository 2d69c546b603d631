/**
 * The landing page in a real browser: Lighthouse performance and accessibility (mobile with
 * Lighthouse's simulated slow 4G and 4x CPU slowdown, and desktop), its Web Vitals, the
 * accessibility audits that fail (axe-core), and the JavaScript the page loads against the
 * 150 KB gzipped budget. Then the demo dashboard (/demo/dashboard, real demo data from the
 * server): its largest contentful paint against 1.5 s, desktop, served locally.
 *
 * It builds nothing: run `npm run build:web` first. It starts the production server on a
 * free port with a temporary DATA_DIR (as playwright.config.ts does) and Debian's Chromium
 * (CHROMIUM_PATH to use another). BENCH_WEB_RUNS runs per form factor (default 3; the
 * median by performance score is reported). Exits non-zero when a target is missed.
 * Run: npm run build:web && npm run bench:web
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const JS_BUDGET_BYTES = 150 * 1024;
const SCORE_TARGET = 95;
const DEMO_LCP_TARGET_MS = 1500;

if (!existsSync(path.join(ROOT, 'dist/web/index.html'))) {
  console.error('dist/web has no build: run `npm run build:web` first.');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The production server, compiled as `npm start` runs it, after the build. */
async function startServer(dataDir: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['tools/run-built.mjs', 'server'], {
    cwd: ROOT,
    // Production needs a mail server and a key; the benchmark sends no email, so a closed port does.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: 'smtp://127.0.0.1:1', ENCRYPTION_KEY: randomBytes(32).toString('hex') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 'the server');
  return { url, process: child };
}

/** Chromium with a DevTools port for Lighthouse; the port is read from what it prints. */
async function startChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools address:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  child.stderr!.resume();
  return { port, process: child };
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Measured {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedAccessibilityAudits: string[];
  scripts: NetworkRequest[];
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function summarise(lhr: Result): Measured {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []) as NetworkRequest[];
  const failedAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => {
      // axe-core names the elements that fail, so the report says where to look.
      const nodes = ((audit!.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []).map((item) => item.node?.snippet ?? '?');
      return [`${audit!.id}: ${audit!.title}`, ...nodes.slice(0, 8).map((snippet) => `    ${snippet.slice(0, 160)}`)].join('\n');
    });
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      'Speed Index': metric('speed-index'),
    },
    failedAccessibilityAudits,
    scripts: requests.filter((request) => request.resourceType === 'Script'),
  };
}

async function audit(url: string, port: number, config: Config | undefined): Promise<Measured> {
  const runs: Measured[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    runs.push(summarise(result.lhr));
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

/** Largest contentful paint of a page (median of the runs), in milliseconds. */
async function auditLcp(url: string, port: number): Promise<Measured & { lcpMs: number }> {
  const runs: (Measured & { lcpMs: number })[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    runs.push({ ...summarise(result.lhr), lcpMs: result.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY });
  }
  runs.sort((a, b) => a.lcpMs - b.lcpMs);
  return runs[Math.floor(runs.length / 2)]!;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-web-'));
const profileDir = await mkdtemp(path.join(os.tmpdir(), 'datacleaner-bench-chromium-'));
const server = await startServer(dataDir);
const chromium = await startChromium(profileDir);
let missed = false;

try {
  const url = `${server.url}/`;
  console.log(`landing page      ${url} (Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per form factor, ${CHROMIUM})`);

  let scripts: NetworkRequest[] = [];
  for (const [label, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ] as const) {
    const result = await audit(url, chromium.port, config);
    scripts = result.scripts;
    const perfOk = result.performance >= SCORE_TARGET;
    const a11yOk = result.accessibility >= SCORE_TARGET;
    missed ||= !perfOk || !a11yOk;
    console.log(`\n${label}`);
    console.log(`  performance     ${result.performance} / 100  (target ${SCORE_TARGET}: ${mark(perfOk)})`);
    console.log(`  accessibility   ${result.accessibility} / 100  (target ${SCORE_TARGET}: ${mark(a11yOk)})`);
    console.log(`  ${Object.entries(result.metrics).map(([name, value]) => `${name} ${value}`).join(' · ')}`);
    for (const failed of result.failedAccessibilityAudits) console.log(`  failing a11y    ${failed}`);
  }

  // What the server sent, and the same files gzipped: the budget is in gzipped bytes.
  let served = 0;
  let gzipped = 0;
  console.log('\nJavaScript loaded by /');
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    served += script.transferSize ?? body.length;
    gzipped += gz;
    console.log(`  ${new URL(script.url).pathname.padEnd(48)} ${kb(body.length).padStart(9)} raw  ${kb(gz).padStart(9)} gzip`);
  }
  const budgetOk = gzipped <= JS_BUDGET_BYTES;
  missed ||= !budgetOk;
  console.log(`  total gzipped   ${kb(gzipped)} of ${kb(JS_BUDGET_BYTES)} budget (${mark(budgetOk)})`);
  console.log(`  transferred     ${kb(served)} as served${served > gzipped * 1.2 ? ' (the server sends it uncompressed)' : ''}`);

  // The demo account is built once per database, at server start: wait for it, then measure
  // what a visitor sees (the data calls are part of the page's load).
  await waitFor(async () => (await fetch(`${server.url}/api/demo/user`)).ok, 'the demo account', 300_000);
  const demo = await auditLcp(`${server.url}/demo/dashboard`, chromium.port);
  const lcpOk = demo.lcpMs <= DEMO_LCP_TARGET_MS;
  missed ||= !lcpOk;
  console.log(`\ndemo dashboard    ${server.url}/demo/dashboard (desktop)`);
  console.log(`  LCP             ${(demo.lcpMs / 1000).toFixed(2)} s  (target ${(DEMO_LCP_TARGET_MS / 1000).toFixed(1)} s: ${mark(lcpOk)})`);
  console.log(`  performance     ${demo.performance} / 100 · ${Object.entries(demo.metrics).map(([name, value]) => `${name} ${value}`).join(' · ')}`);
} finally {
  await Promise.all([stop(chromium.process), stop(server.process)]);
  await rm(dataDir, { recursive: true, force: true });
  await rm(profileDir, { recursive: true, force: true });
}

if (missed) process.exitCode = 1;
