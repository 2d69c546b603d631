import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../../engine';
import { generateContacts } from '../../../synthetic-crm';
import { useTestApp } from '../../test/test-app';
import { EMAIL_PATTERN } from './quality-sql';

const ctx = useTestApp({ work: false });

describe('the invalid-email flag in SQL', () => {
  it('reads addresses as the engine does', async () => {
    const generated = generateContacts(400, { seed: 7 }).records.map((r) => String(r.properties.email ?? ''));
    const edge = ['ada@x.io', ' Ada@X.IO ', 'ada@x', 'ada at x.io', 'ada@@x.io', 'a b@x.io', 'ada@x_y.io', 'ada+tag@sub.x.co.uk', '"ada"@x.io', 'Ada <ada@x.io>', 'ada@x.io.', 'mailto:ada@x.io', 'ada;bob@x.io'];
    const values = [...new Set([...generated, ...edge])].filter((v) => v.trim() !== '');
    const rows = await ctx.database.db.execute<{ value: string; invalid: boolean }>(
      sql`select value, lower(btrim(value)) !~ ${EMAIL_PATTERN} as invalid from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v(value)`,
    );
    const disagreements = (rows as unknown as { rows: { value: string; invalid: boolean }[] }).rows.filter((row) => row.invalid !== (normalizeEmail(row.value, false) === null));
    expect(disagreements).toEqual([]);
    expect(values.length).toBeGreaterThan(300);
  });
});
