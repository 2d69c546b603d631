import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder both drivers share; code above this file never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { driver: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { driver: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close(): Promise<void> };

export function pgliteDatabase(pglite: PGlite): Database {
  return {
    driver: 'pglite',
    db: drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db,
    pglite,
    close: () => pglite.close(),
  };
}

export function postgresDatabase(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return {
    driver: 'postgres',
    db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
    pool,
    connectionString,
    close: () => pool.end(),
  };
}

/** PGlite under DATA_DIR unless DATABASE_URL names a PostgreSQL server. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, options.poolSize);
  const dir = path.join(options.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir));
}

/** Round-trip time of a trivial query, in milliseconds. */
export async function pingDatabase(database: Database): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
