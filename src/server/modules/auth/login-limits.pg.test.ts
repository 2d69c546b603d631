import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { postgresDatabase, type Database } from '../../db/client';
import { TEST_PASSWORD, register } from '../../test/accounts';
import { NEEDS_POSTGRES_SERVER, postgresServerUrl } from '../../test/database-urls';
import { useTestApp } from '../../test/test-app';
import { FREE_TRIES } from './login-limits';

describe.skipIf(!postgresServerUrl)(`login limits shared by two app instances ${NEEDS_POSTGRES_SERVER}`, () => {
  // Two app instances, each with its own connection pool on one database: what two server processes share.
  const ctx = useTestApp({ work: false });
  let second: { database: Database; app: FastifyInstance };

  beforeAll(async () => {
    if (ctx.database.driver !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = postgresDatabase(ctx.database.connectionString, 4);
    second = { database, app: await buildApp({ config: ctx.config, database, queue: ctx.queue, webRoot: '/nonexistent' }) };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signIn = (app: FastifyInstance, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: 'target@example.com', password } });

  it('gives parallel guesses spread over two instances no more tries than one client gets, and lets the owner in', async () => {
    await register(ctx.app, 'target@example.com');
    // Only Date is faked, so no wait runs out while the burst is under way on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const burst = await Promise.all(Array.from({ length: 24 }, (_, k) => signIn(k % 2 ? second.app : ctx.app, `guess-${k}`, '198.51.100.9')));
    const statuses = burst.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_TRIES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - FREE_TRIES - 1);
    expect((await signIn(second.app, TEST_PASSWORD, '203.0.113.5')).statusCode).toBe(200);
  });
});
