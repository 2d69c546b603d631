import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyPageSchema, historyQuerySchema, mergePlanQuerySchema, mergePlanSchema, mergeRequestSchema, mergeSchema, restoreResultSchema } from '../../../shared/contracts/cleanup';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { listHistory, mergeOrNotFound, planGroupMerge, restoreRecord, startMerge } from '../cleanup';
import { callerOf, V1_ERRORS, V1_TAGS } from './v1-caller';

const groupParams = z.object({ id: rowIdParam('group') });
/** HubSpot's answers the merge and restore depend on: busy, or unreachable. */
const hubspotErrors = { 409: apiErrorSchema, 502: apiErrorSchema };

/** Safe merging: a group's merge plan, the merge as a job, following it, the record actions history and Restore. */
export function v1MergeRoutes(deps: { db: Db; config: Config; queue: JobQueue; log: FastifyBaseLogger }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/duplicates/:id/merge-plan',
      {
        schema: {
          tags: V1_TAGS,
          summary: "A group's merge as it would run now: the primary, each field's surviving value, the resulting record and every value lost",
          params: groupParams,
          querystring: mergePlanQuerySchema,
          response: { 200: mergePlanSchema, ...hubspotErrors, ...V1_ERRORS },
        },
      },
      async (request) => (await planGroupMerge(deps, callerOf(request).user.id, request.params.id, request.query)).plan,
    );

    app.post(
      '/duplicates/:id/merge',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Merge a group in HubSpot (a job; follow it at /api/v1/merges/{id}): backups first, the chosen values, then one merge per other record',
          params: groupParams,
          body: mergeRequestSchema,
          response: { 202: mergeSchema, ...hubspotErrors, ...V1_ERRORS },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).user.id;
        const mergeId = await startMerge(deps, userId, request.params.id, request.body);
        return reply.status(202).send(await mergeOrNotFound(db, userId, mergeId));
      },
    );

    app.get(
      '/merges/:id',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'One merge with the status of every step and record',
          params: z.object({ id: rowIdParam('merge') }),
          response: { 200: mergeSchema, ...V1_ERRORS },
        },
      },
      async (request) => mergeOrNotFound(db, callerOf(request).user.id, request.params.id),
    );

    app.get(
      '/history',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Record actions, newest first: what was merged or dismissed, when, by whom, and whether it can be restored',
          querystring: historyQuerySchema,
          response: { 200: historyPageSchema, ...V1_ERRORS },
        },
      },
      async (request) => listHistory(db, callerOf(request).user.id, request.query),
    );

    app.post(
      '/history/:id/restore',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Recreate the record a merge action merged away, from its backup (as a new record: HubSpot cannot unmerge)',
          params: z.object({ id: rowIdParam('record action') }),
          response: { 200: restoreResultSchema, ...hubspotErrors, ...V1_ERRORS },
        },
      },
      async (request) => restoreRecord(deps, callerOf(request).user.id, request.params.id),
    );
  };
}
