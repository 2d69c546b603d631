/**
 * Start-up from the sources through tsx against the compiled commands (decision 019), runs
 * taken in turn so that a busy machine weighs on both alike:
 *   - the server alone until it prints "DataCleaner is running", reopening one embedded
 *     database (made by a first, untimed start), web app not rebuilt;
 *   - `npm run dedupe` on a 3-record CSV, the whole process.
 * Run: npm run bench:start-up (BENCH_RUNS=5 by default).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-start-up-'));
const env = { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', ENCRYPTION_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
const csv = path.join(dir, 'contacts.csv');
await fs.writeFile(csv, 'Record ID,First Name,Last Name,Email\n1,Robert,Smith,robert.smith@acme.com\n2,Bob,Smith,Robert.Smith@acme.com\n3,Carol,White,carol@y.com\n');

const SERVER = { tsx: ['--import', 'tsx', 'src/server/main.ts'], compiled: ['tools/run-built.mjs', 'server'] };
const DEDUPE = { tsx: ['--import', 'tsx', 'tools/dedupe.ts', csv, '--type', 'contacts'], compiled: ['tools/run-built.mjs', 'dedupe', csv, '--type', 'contacts'] };

/** Seconds from spawning the server until it says it is listening; then it is stopped. */
async function serverStart(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const seconds = await new Promise<number>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`no start within 180 s:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DataCleaner is running')) {
        clearTimeout(deadline);
        resolve((performance.now() - started) / 1000);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}):\n${output}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return seconds;
}

function dedupe(args: string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`dedupe failed: ${run.stderr}`);
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const report = (what: string, values: number[]) =>
  console.log(`${what.padEnd(24)} median ${median(values).toFixed(2)} s  (${values.map((v) => v.toFixed(2)).join(', ')})`);

// The bundles are built and the database made before anything is timed.
spawnSync(process.execPath, ['tools/run-built.mjs', '--build'], { cwd: root, stdio: 'inherit' });
await serverStart(SERVER.compiled);
const times = { serverTsx: [] as number[], serverCompiled: [] as number[], dedupeTsx: [] as number[], dedupeCompiled: [] as number[] };
for (let i = 0; i < runs; i++) {
  times.serverTsx.push(await serverStart(SERVER.tsx));
  times.serverCompiled.push(await serverStart(SERVER.compiled));
  times.dedupeTsx.push(dedupe(DEDUPE.tsx));
  times.dedupeCompiled.push(dedupe(DEDUPE.compiled));
}
console.log(`Start-up, ${runs} runs each, load average ${os.loadavg()[0]!.toFixed(1)} at the end:`);
report('server, tsx', times.serverTsx);
report('server, compiled', times.serverCompiled);
report('dedupe 3 rows, tsx', times.dedupeTsx);
report('dedupe 3 rows, compiled', times.dedupeCompiled);
await fs.rm(dir, { recursive: true, force: true });
