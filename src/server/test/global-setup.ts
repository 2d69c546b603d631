import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PgBoss, fromPglite } from 'pg-boss';
import pg from 'pg';
import { pgliteDatabase, postgresDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { TEMPLATE_DATABASE, adminUrl, withDatabase } from './database-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
  }
}

/**
 * Migrates one database per test run (and installs pg-boss's schema) so that every test
 * file starts from a copy in about a second: a PGlite dump, or a server-side template.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await createTemplate(serverUrl);
    project.provide('pgliteDumpPath', '');
    return;
  }
  const pglite = await PGlite.create();
  await migrateDatabase(pgliteDatabase(pglite));
  const boss = new PgBoss({ db: fromPglite(pglite), backend: 'pglite', schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false });
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-test-'));
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function createTemplate(serverUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  const database = postgresDatabase(templateUrl, 2);
  await migrateDatabase(database);
  await database.close();
  const boss = new PgBoss({ connectionString: templateUrl, schedule: false, supervise: false, max: 1 });
  await boss.start();
  await boss.stop({ graceful: false });
}
