import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { plans, users } from './schema';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-restart-'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

it('keeps data in DATA_DIR across a restart of embedded PostgreSQL', { timeout: 120_000 }, async () => {
  const first = await openDatabase({ dataDir });
  await migrateDatabase(first);
  await first.db.insert(users).values({ username: 'keep@example.com', email: 'keep@example.com' });
  await first.close();

  const second = await openDatabase({ dataDir });
  await migrateDatabase(second);
  const rows = await second.db.select().from(users).where(eq(users.email, 'keep@example.com'));
  expect(rows).toHaveLength(1);
  expect(await second.db.select().from(plans)).toHaveLength(3);
  await second.close();
});
