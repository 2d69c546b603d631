import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../tools/hubspot-sandbox/sandbox';
import { postgresServerUrl } from './database-urls';
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
  const workers: ChildProcess[] = [];
  const context = {} as WorkerProcessesContext;
  beforeAll(async () => {
    // Without a server the file's tests are skipped (see NEEDS_POSTGRES_SERVER): nothing to start.
    if (!postgresServerUrl) return;
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
