import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { JobQueue } from '../jobs/queue';
import { jobRegistry } from '../jobs/registry';
import { DemoAccount, type DemoOptions } from '../modules/demo';
import { createTestDatabase } from './test-database';

/** A small demo portal: tests that open it need it in a second or two, not ten. */
export const TEST_DEMO: DemoOptions = { counts: { contacts: 500, companies: 160, deals: 120, tickets: 80 }, weeks: 4 };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  queue: JobQueue;
  config: Config;
  stop(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run job workers in this process (default true) so jobs can be observed end to end. */
  work?: boolean;
  cronIntervalSeconds?: number;
  /** Folder of a built web app to serve; none by default. */
  webRoot?: string;
  /** The demo account's portal size and history, smaller than the product's for speed. */
  demo?: DemoOptions;
  /** Where the app and its jobs log; silent by default. */
  log?: FastifyBaseLogger;
  /** The public API's clock and quota limits. */
  api?: AppDependencies['api'];
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env });
}

/**
 * The whole app, not listening, on a fresh database of its own. Its DATA_DIR is a new
 * temporary folder, so emails land in a development outbox the test can read; its key file
 * sits beside that folder, as in production never inside it.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'datacleaner-test-'));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  // Written beforehand, as a deployment provides it: production never generates a key.
  await writeFile(path.join(root, 'encryption.key'), randomBytes(32).toString('hex'), { mode: 0o600 });
  const config = testConfig({ DATA_DIR: dataDir, KEY_FILE: path.join(root, 'encryption.key'), ...options.env });
  const database = await createTestDatabase();
  const queue = await JobQueue.start({
    config,
    database,
    jobs: jobRegistry,
    log: options.log ?? createLogger(config),
    work: options.work ?? true,
    ...(options.cronIntervalSeconds ? { cronIntervalSeconds: options.cronIntervalSeconds } : {}),
  });
  const demo = new DemoAccount(database.db, options.log ?? createLogger(config), options.demo ?? TEST_DEMO);
  const app = await buildApp({ config, database, queue, webRoot: options.webRoot ?? '/nonexistent', demo, ...(options.log ? { logger: options.log } : {}), ...(options.api ? { api: options.api } : {}) });
  return {
    app,
    database,
    queue,
    config,
    stop: async () => {
      await app.close();
      await queue.stop().catch(() => {});
      await database.close().catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** One test app for a whole test file: built before its tests, torn down after them. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    Object.assign(context, await startTestApp(options));
  });
  afterAll(async () => {
    await context.stop?.();
  });
  return context;
}
