import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { postgresDatabase, type Database } from '../../db/client';
import { apiUsageQuota } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { useTestApp } from '../../test/test-app';

const LIMIT = 150;
const api = { quotaLimits: () => ({ daily: LIMIT, monthly: 100_000 }) };

describe.skipIf(!postgresServerUrl)(`the API quota shared by two app instances ${NEEDS_POSTGRES_SERVER}`, () => {
  // Two app instances, each with its own connection pool on one database: what two server processes share.
  const ctx = useTestApp({ work: false, api });
  let second: { database: Database; app: FastifyInstance };

  beforeAll(async () => {
    if (ctx.database.driver !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = postgresDatabase(ctx.database.connectionString, 10);
    second = { database, app: await buildApp({ config: ctx.config, database, queue: ctx.queue, webRoot: '/nonexistent', api }) };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('200 parallel calls over both instances against a limit of 150: exactly 150 succeed', { timeout: 120_000 }, async () => {
    const cookie = await activeUser(ctx, 'burst@example.com');
    const { key } = (await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'burst' } })).json<{ key: string }>();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, k) => (k % 2 ? second.app : ctx.app).inject({ method: 'GET', url: '/api/v1/scans', headers: { authorization: `Bearer ${key}` } })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMIT);
    // Every success was told a different number left: no two counted as the same call.
    const remaining = answers.filter((a) => a.statusCode === 200).map((a) => a.headers['x-ratelimit-remaining']);
    expect(new Set(remaining).size).toBe(LIMIT);
    const [row] = await ctx.database.db.select().from(apiUsageQuota);
    expect(row!.currentDailyUsage).toBe(LIMIT);
  });
});
