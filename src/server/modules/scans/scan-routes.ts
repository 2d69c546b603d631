import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import { type ScanRun, scanRunSchema, startScanRequestSchema } from '../../../shared/contracts/scans';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { scanRuns, userSettings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { requireUser, signedInUser } from '../auth';
import { findConnection } from '../hubspot';
import { recentScanRuns, scanRunView, startScan } from './start-scan';

/** How often the event stream looks for new progress; the scan writes it every half second. */
const POLL_MS = 400;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

const runParams = z.object({ id: rowIdParam('scan') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Scans: start one, follow it live, cancel it, list them. */
export function scanRoutes({ db, queue }: { db: Db; queue: JobQueue }): FastifyPluginAsyncZod {
  const guard = requireUser(db);
  const notFound = () => new HttpError(404, 'NOT_FOUND', 'No such scan.');

  return async (app) => {
    app.post(
      '/api/scans',
      { preHandler: guard, schema: { tags: ['scans'], summary: 'Start a scan (sync, find duplicates, score health)', body: startScanRequestSchema, response: { 202: scanRunSchema, ...errors } } },
      async (request, reply) => {
        return reply.status(202).send(await startScanFor(db, queue, signedInUser(request).id, request.body.objectTypes, 'manual'));
      },
    );

    app.get(
      '/api/scans',
      { preHandler: guard, schema: { tags: ['scans'], summary: 'Recent scans, newest first', response: { 200: z.object({ scans: z.array(scanRunSchema) }), ...errors } } },
      async (request) => ({ scans: await recentScanRuns(db, signedInUser(request).id) }),
    );

    app.get(
      '/api/scans/:id',
      { preHandler: guard, schema: { tags: ['scans'], summary: 'One scan with its progress and results', params: runParams, response: { 200: scanRunSchema, ...errors } } },
      async (request) => (await scanRunView(db, signedInUser(request).id, request.params.id)) ?? Promise.reject(notFound()),
    );

    app.post(
      '/api/scans/:id/cancel',
      { preHandler: guard, schema: { tags: ['scans'], summary: 'Cancel a queued or running scan', params: runParams, response: { 200: scanRunSchema, ...errors } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const mine = and(eq(scanRuns.id, request.params.id), eq(scanRuns.userId, userId));
        const [run] = await db.select({ status: scanRuns.status }).from(scanRuns).where(mine).limit(1);
        if (!run) throw notFound();
        if (!['queued', 'running'].includes(run.status)) throw new HttpError(409, 'SCAN_FINISHED', 'This scan has already finished.');
        await db.update(scanRuns).set({ cancelRequested: true }).where(mine);
        // A queued scan has no worker to notice the request: it ends here.
        await db
          .update(scanRuns)
          .set({ status: 'cancelled', finishedAt: new Date(), errorMessage: null })
          .where(and(mine, eq(scanRuns.status, 'queued')));
        return (await scanRunView(db, userId, request.params.id))!;
      },
    );

    app.get(
      '/api/scans/:id/events',
      {
        preHandler: guard,
        schema: { tags: ['scans'], summary: 'Live progress as server-sent events (progress, then done)', params: runParams, response: { 404: apiErrorSchema } },
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        let view = await scanRunView(db, userId, request.params.id);
        if (!view) throw notFound();
        reply.hijack();
        const out = reply.raw;
        out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
        let closed = false;
        request.raw.on('close', () => (closed = true));
        const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        let last = '';
        let lastWrite = Date.now();
        while (!closed && view) {
          const snapshot = JSON.stringify([view.status, view.progress]);
          if (snapshot !== last) {
            send('progress', view);
            last = snapshot;
            lastWrite = Date.now();
          }
          if (!['queued', 'running'].includes(view.status)) {
            send('done', view);
            break;
          }
          if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
            out.write(': still running\n\n');
            lastWrite = Date.now();
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          view = await scanRunView(db, userId, request.params.id);
        }
        out.end();
      },
    );
  };
}

/** Starts a scan of the given types (else the user's objectsToAnalyze) once HubSpot is connected: the app's and the API's one way in. */
export async function startScanFor(db: Db, queue: JobQueue, userId: number, objectTypes: readonly ObjectType[] | undefined, trigger: 'manual' | 'api'): Promise<ScanRun> {
  const connection = await findConnection(db, userId);
  if (!connection?.isConnected) throw new HttpError(409, 'HUBSPOT_NOT_CONNECTED', 'Connect HubSpot in Settings before running a scan.');
  const types = objectTypes ?? (await configuredObjectTypes(db, userId));
  const runId = await startScan(db, queue, userId, [...new Set(types)], trigger);
  return (await scanRunView(db, userId, runId))!;
}

async function configuredObjectTypes(db: Db, userId: number): Promise<ObjectType[]> {
  const [settings] = await db.select({ objectsToAnalyze: userSettings.objectsToAnalyze }).from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  const chosen = (settings?.objectsToAnalyze ?? [...OBJECT_TYPES]).filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t));
  return chosen.length > 0 ? chosen : [...OBJECT_TYPES];
}

