import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Every text of every table, to look for a secret anywhere in the database. */
export async function databaseText(db: Db): Promise<string> {
  const { rows } = (await db.execute(sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`)) as unknown as {
    rows: { table_schema: string; table_name: string }[];
  };
  const parts: string[] = [];
  for (const table of rows) {
    const result = (await db.execute(sql.raw(`select t::text as row from "${table.table_schema}"."${table.table_name}" t`))) as unknown as { rows: { row: string }[] };
    parts.push(...result.rows.map((r) => r.row));
  }
  return parts.join('\n');
}
