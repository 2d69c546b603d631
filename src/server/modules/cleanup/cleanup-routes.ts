import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automaticCleanupRunPageSchema,
  automaticCleanupRunsQuerySchema,
  groupMergesSchema,
  historyPageSchema,
  historyQuerySchema,
  mergePlanQuerySchema,
  mergePlanSchema,
  mergeRequestSchema,
  mergeSchema,
  restoreResultSchema,
} from '../../../shared/contracts/cleanup';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { requireUser, signedInUser } from '../auth';
import { listAutomaticCleanupRuns } from './automatic-cleanup';
import { groupMerges, listHistory, mergeOrNotFound } from './cleanup-history';
import { findGroup, planGroupMerge } from './plan-group-merge';
import { restoreRecord } from './restore-record';
import { startMerge } from './start-merge';

const groupParams = z.object({ groupId: rowIdParam('group') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };

/**
 * Safe merging: plan and preview a group's merge, start it as a job, follow it step by step,
 * the history of record actions with Restore, and what automatic cleanup did. The signed-in user's only.
 */
export function cleanupRoutes({ db, config, queue }: { db: Db; config: Config; queue: JobQueue }): FastifyPluginAsyncZod {
  const guard = requireUser(db);

  return async (app) => {
    const deps = { db, config, log: app.log, queue };

    app.get(
      '/api/cleanup/groups/:groupId/plan',
      {
        preHandler: guard,
        schema: {
          tags: ['cleanup'],
          summary: "A group's merge as it would run now: the primary, each field's surviving value, the resulting record and every value lost",
          params: groupParams,
          querystring: mergePlanQuerySchema,
          response: { 200: mergePlanSchema, ...errors },
        },
      },
      async (request) => (await planGroupMerge(deps, signedInUser(request).id, request.params.groupId, request.query)).plan,
    );

    app.post(
      '/api/cleanup/groups/:groupId/merge',
      {
        preHandler: guard,
        schema: {
          tags: ['cleanup'],
          summary: 'Merge a group in HubSpot (a job): backups first, the chosen values written to the primary, then one merge per other record',
          params: groupParams,
          body: mergeRequestSchema,
          response: { 202: mergeSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const mergeId = await startMerge(deps, userId, request.params.groupId, request.body);
        return reply.status(202).send(await mergeOrNotFound(db, userId, mergeId));
      },
    );

    app.get(
      '/api/cleanup/groups/:groupId/merges',
      { preHandler: guard, schema: { tags: ['cleanup'], summary: "A group's merges, newest first, with what happened to each record", params: groupParams, response: { 200: groupMergesSchema, ...errors } } },
      async (request) => {
        const userId = signedInUser(request).id;
        await findGroup(db, userId, request.params.groupId);
        return { merges: await groupMerges(db, userId, request.params.groupId) };
      },
    );

    app.get(
      '/api/cleanup/merges/:id',
      { preHandler: guard, schema: { tags: ['cleanup'], summary: 'One merge with the status of every step and record', params: z.object({ id: rowIdParam('merge') }), response: { 200: mergeSchema, ...errors } } },
      async (request) => mergeOrNotFound(db, signedInUser(request).id, request.params.id),
    );

    app.get(
      '/api/cleanup/history',
      {
        preHandler: guard,
        schema: { tags: ['cleanup'], summary: 'Record actions, newest first: what was merged, when, by whom, and whether it can be restored', querystring: historyQuerySchema, response: { 200: historyPageSchema, ...errors } },
      },
      async (request) => listHistory(db, signedInUser(request).id, request.query),
    );

    app.post(
      '/api/cleanup/actions/:id/restore',
      {
        preHandler: guard,
        schema: {
          tags: ['cleanup'],
          summary: 'Recreate the record a merge merged away from its backup (as a new record: HubSpot cannot unmerge)',
          params: z.object({ id: rowIdParam('record action') }),
          response: { 200: restoreResultSchema, ...errors },
        },
      },
      async (request) => restoreRecord(deps, signedInUser(request).id, request.params.id),
    );

    app.get(
      '/api/cleanup/automatic-runs',
      {
        preHandler: guard,
        schema: { tags: ['cleanup'], summary: 'What automatic cleanup merged after each scheduled scan, newest first', querystring: automaticCleanupRunsQuerySchema, response: { 200: automaticCleanupRunPageSchema, ...errors } },
      },
      async (request) => listAutomaticCleanupRuns(db, signedInUser(request).id, request.query.page, request.query.pageSize),
    );
  };
}
