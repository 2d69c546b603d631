import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PLANS } from '../../shared/plans';
import { projectRoot } from '../project-root';
import type { Database } from './client';
import { plans } from './schema';

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

// Any fixed number: every process that migrates takes this lock, so concurrent starts wait in turn.
const MIGRATION_LOCK = 7_301_845;

/** Applies the committed drizzle-kit migrations, then brings the plan catalog up to date. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
  } else {
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  }
  await seedPlans(database);
}

async function seedPlans(database: Database): Promise<void> {
  const rows = PLANS.map((plan, sortOrder) => ({ ...plan, sortOrder }));
  await database.db
    .insert(plans)
    .values(rows)
    .onConflictDoUpdate({
      target: plans.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        pricePerMonth: sql`excluded.price_per_month`,
        features: sql`excluded.features`,
        recordLimit: sql`excluded.record_limit`,
        mostPopular: sql`excluded.most_popular`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
