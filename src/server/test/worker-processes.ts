import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../tools/hubspot-sandbox/sandbox';
import { startTestApp, type TestApp } from './test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface WorkerProcessesContext {
  sandbox: Sandbox;
  app: TestApp;
  /**
   * A `npm run worker` process on the test database, reaching the sandbox, with the product's
   * default job timings unless `env` says otherwise: a test kills it at will.
   */
  startWorker(env?: Record<string, string>): ChildProcess;
}

/**
 * For postgres-project tests of what survives a worker process dying: the app (no workers of
 * its own) on the PostgreSQL test database, a HubSpot sandbox, and worker processes started
 * on demand, all killed after the file's tests.
 */
export function useWorkerProcesses(sandboxOptions: SandboxOptions, encryptionKey: string): WorkerProcessesContext {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('The postgres test project needs TEST_DATABASE_URL: a PostgreSQL server on which it may create databases (see README).');
  }
  const workers: ChildProcess[] = [];
  const context = {} as WorkerProcessesContext;
  beforeAll(async () => {
    context.sandbox = await startSandbox(sandboxOptions);
    context.app = await startTestApp({ work: false, env: { HUBSPOT_API_BASE: context.sandbox.url, ENCRYPTION_KEY: encryptionKey } });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await context.app?.stop();
    await context.sandbox?.close();
  });
  context.startWorker = (extraEnv = {}) => {
    const { app, sandbox } = context;
    if (app.database.driver !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/jobs/worker.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: app.database.connectionString,
        DATA_DIR: app.config.dataDir,
        ENCRYPTION_KEY: encryptionKey,
        HUBSPOT_API_BASE: sandbox.url,
        ...extraEnv,
      },
      stdio: 'ignore',
    });
    workers.push(worker);
    return worker;
  };
  return context;
}

/** Polls `read` until `done` says so; fails with what it last saw after `timeoutMs`. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, describe: (value: T) => string, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Not there after ${timeoutMs} ms: ${describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
