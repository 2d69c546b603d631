import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-built-'));
const runBuilt = (...args: string[]) => spawnSync(process.execPath, ['tools/run-built.mjs', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });

// Compiling, then creating an embedded database through the compiled server: a minute or
// more on a busy machine.
describe('the compiled server and CLI (npm start, npm run dedupe)', { timeout: 300_000 }, () => {
  beforeAll(() => {
    const build = runBuilt('--build');
    expect(build.status, build.stderr).toBe(0);
  }, 300_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('compiles once: a second run with no source changed reuses dist/server', () => {
    const built = JSON.parse(fs.readFileSync(path.join(root, 'dist/server/.source-fingerprint.json'), 'utf8')) as { inputs: string[] };
    // What the build read, so an edit to any of them rebuilds it.
    expect(built.inputs).toEqual(expect.arrayContaining(['src/server/server.ts', 'src/server/db/migrate.ts', 'src/engine/parallel/engine-worker.ts', 'tools/dedupe.ts']));
    expect(built.inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    const again = runBuilt('--build');
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain('compiled');
  });

  it('serves /api/health on a new embedded database, then stops on SIGTERM', async () => {
    const server = spawn(process.execPath, ['tools/run-built.mjs', 'server'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', ENCRYPTION_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => /open (http:\/\/\S+)/.exec(output)?.[1], { timeout: 240_000, interval: 250 }).toBeDefined();
      const url = /open (http:\/\/\S+)/.exec(output)![1]!;
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      // The version read from package.json, found from dist/server; migrations ran from the sources' folder.
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
      expect(await health.json()).toMatchObject({ status: 'ok', version, database: { status: 'ok' }, queue: { status: 'ok' } });
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
  });

  it('finds the duplicates in a small CSV', () => {
    const csv = path.join(dir, 'contacts.csv');
    fs.writeFileSync(csv, ['Record ID,First Name,Last Name,Email', '1,Robert,Smith,robert.smith@acme.com', '2,Bob,Smith,Robert.Smith@acme.com', '3,Carol,White,carol@y.com'].join('\n'));
    const run = runBuilt('dedupe', csv, '--type', 'contacts');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/records\s+3/);
    expect(run.stdout).toMatch(/duplicate groups\s+1 \(2 records\)/);
    expect(run.stdout).toContain('1, 2  confidence');
  });

  it('names the commands it runs when given another', () => {
    const run = runBuilt('serve');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: node tools/run-built.mjs <start|server|worker|dedupe>');
  });
});
