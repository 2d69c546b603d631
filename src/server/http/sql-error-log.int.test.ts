import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { captureLog } from '../test/log-capture';
import { createTestDatabase } from '../test/test-database';
import { testConfig } from '../test/test-app';
import { registerErrorHandling } from './errors';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** An app whose one route runs the given failing SQL with a caller's secret value, logging as the product does. */
async function failingRoute(query: (value: string) => Promise<unknown>) {
  const capture = captureLog(testConfig());
  const app = Fastify({ loggerInstance: capture.log as FastifyBaseLogger });
  registerErrorHandling(app);
  app.post<{ Body: { value: string } }>('/api/thing', async (request) => query(request.body.value));
  const response = await app.inject({ method: 'POST', url: '/api/thing', payload: { value: SECRET } });
  await app.close();
  const failure = capture.entries().find((entry) => entry.msg === 'request failed') as { err: Record<string, unknown> } | undefined;
  return { response, text: capture.text(), err: failure?.err };
}

const SECRET = 'hunter2-secret@example.com';

describe('a failed SQL statement in the log', () => {
  it('keeps the query shape and the SQLSTATE code but no parameter value (a value out of range)', async () => {
    const { response, text, err } = await failingRoute((value) => database.db.execute(sql`select id from users where id = ${value}::integer`));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SECRET);
    expect(err?.message).toMatch(/select id from users where id = \$1::integer/);
    expect(JSON.stringify(err)).toMatch(/"code":"22P02"/);
    expect(text).not.toContain('hunter2');
  });

  it('drops the detail that names a duplicate value', async () => {
    await database.db.execute(sql`insert into users (username, email) values ('taken', ${SECRET})`);
    const { text, err } = await failingRoute((value) => database.db.execute(sql`insert into users (username, email) values ('again', ${value})`));
    expect(JSON.stringify(err)).toMatch(/"code":"23505"/);
    expect(err?.message).toMatch(/duplicate key value violates unique constraint/);
    expect(text).not.toContain('hunter2');
  });
});
