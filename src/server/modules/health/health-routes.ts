import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../shared/contracts/health';
import { pingDatabase, type Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

const startedAt = Date.now();

export function healthRoutes(deps: { database: Database; queue: JobQueue; version: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Database and job-queue status',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const [database, queue] = await Promise.all([checkDatabase(deps.database), checkQueue(deps.queue)]);
        const ok = database.status === 'ok' && queue.status === 'ok';
        const body: HealthResponse = {
          status: ok ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database,
          queue,
        };
        return reply.status(ok ? 200 : 503).header('cache-control', 'no-store').send(body);
      },
    );
  };
}

async function checkDatabase(database: Database): Promise<HealthResponse['database']> {
  try {
    return { status: 'ok', driver: database.driver, latencyMs: await pingDatabase(database) };
  } catch (error) {
    return { status: 'error', driver: database.driver, latencyMs: null, error: describe(error) };
  }
}

async function checkQueue(queue: JobQueue): Promise<HealthResponse['queue']> {
  try {
    await queue.check();
    return { status: 'ok', workersInProcess: queue.working };
  } catch (error) {
    return { status: 'error', workersInProcess: queue.working, error: describe(error) };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
