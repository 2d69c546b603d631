import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteDatabase, postgresDatabase, type Database } from '../db/client';
import { TEMPLATE_DATABASE, adminUrl, withDatabase } from './database-urls';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's dump, or,
 * when TEST_DATABASE_URL is set, a new database on that server copied from the template.
 * `close()` throws it away.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = await fs.readFile(inject('pgliteDumpPath'));
    return pgliteDatabase(await PGlite.create({ loadDataDir: new Blob([dump]) }));
  }
  const name = `datacleaner_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${TEMPLATE_DATABASE}`);
  const database = postgresDatabase(withDatabase(serverUrl, name), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
