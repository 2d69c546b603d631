import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../test/database-urls';
import { pollUntil } from '../test/poll-until';
import { createTestDatabase } from '../test/test-database';
import { purgeExpiredSessions } from '../modules/auth';
import { JobQueue } from './queue';
import { jobRegistry } from './registry';
import { createLogger } from '../logger';
import { testConfig } from '../test/test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workerEntry = path.join(root, 'src/server/jobs/worker.ts');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(tsx, [workerEntry], { env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env }, cwd: root });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

it('refuses to start a separate worker on embedded PostgreSQL, saying why', async () => {
  const worker = startWorker({ DATABASE_URL: '' });
  children.push(worker.child);
  expect(await worker.exited).toBe(1);
  expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
});

it.skipIf(!postgresServerUrl)(`shares the queue between two separate worker processes on one PostgreSQL server ${NEEDS_POSTGRES_SERVER}`, { timeout: 60_000 }, async () => {
  const database = await createTestDatabase();
  if (database.driver !== 'postgres') throw new Error('expected a PostgreSQL test database');
  const config = testConfig();
  const producer = await JobQueue.start({ config, database, jobs: jobRegistry, log: createLogger(config), work: false });
  try {
    const workers = [1, 2].map(() => startWorker({ DATABASE_URL: database.connectionString, RUN_WORKERS: 'true' }));
    children.push(...workers.map((w) => w.child));
    const ids = await Promise.all(Array.from({ length: 12 }, () => producer.send(purgeExpiredSessions, {})));
    const states = () => Promise.all(ids.map(async (id) => (await producer.boss.findJobs(purgeExpiredSessions.name, { id: id! }))[0]?.state ?? 'missing'));
    await pollUntil(states, (now) => now.every((s) => s === 'completed'), 45_000, (now) => `job states ${now.join(', ')}`, 250);
    for (const worker of workers) expect(worker.output()).toContain('worker started');
    for (const worker of workers) worker.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  } finally {
    await producer.stop();
    await database.close();
  }
});
