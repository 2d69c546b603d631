import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import { duplicateGroupSchema, duplicateGroupsQuerySchema } from '../../../shared/contracts/results';
import type { Db } from '../../db/client';
import { sendCsv } from '../../http/csv';
import { requireUser, signedInUser } from '../auth';
import { duplicateGroupsCsv } from './duplicate-groups-csv';
import { dismissGroup, removeFromGroup, undoDismissal } from './duplicate-decisions';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const groupId = rowIdParam('group');
const recordId = z.string().trim().min(1, 'A record id is required').max(40, 'A record id has at most 40 characters');

export interface DuplicateRoutesOptions {
  db: Db;
  /** '/api', or '/api/demo' where decisions are shown but not kept. */
  prefix?: string;
  /** Whose groups: the signed-in user's unless given. */
  groupsOwner?: (request: FastifyRequest) => Promise<number>;
  persist?: boolean;
}

/** Decisions on a duplicate group short of merging: not a duplicate, as a whole or one record, and undoing a dismissal. */
export function duplicateRoutes({ db, prefix = '/api', groupsOwner, persist = true }: DuplicateRoutesOptions): FastifyPluginAsyncZod {
  const guard = groupsOwner ? [] : requireUser(db);
  const owner = groupsOwner ?? (async (request: FastifyRequest) => signedInUser(request).id);

  return async (app) => {
    app.get(
      `${prefix}/duplicates/export.csv`,
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: "The duplicate groups the list's filters select, as CSV: one line per record with the group, confidence, reason, record id, name and key fields",
          querystring: duplicateGroupsQuerySchema,
          response: { 200: z.string().meta({ description: 'text/csv' }), ...errors },
        },
      },
      async (request, reply) => {
        const userId = await owner(request);
        const type = request.query.objectType ?? 'all';
        return sendCsv(reply, `duplicate-groups-${type}-${new Date().toISOString().slice(0, 10)}.csv`, duplicateGroupsCsv(db, userId, request.query));
      },
    );

    app.post(
      `${prefix}/duplicates/:id/dismiss`,
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: 'Not a duplicate: the whole group leaves the review list and is never proposed again',
          params: z.object({ id: groupId }),
          response: { 200: duplicateGroupSchema, ...errors },
        },
      },
      async (request) => dismissGroup(db, await owner(request), request.params.id, { persist }),
    );

    app.post(
      `${prefix}/duplicates/:id/undo-dismiss`,
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: 'Undo a dismissal: the group goes back to the review list and its records may be proposed together again',
          params: z.object({ id: groupId }),
          response: { 200: duplicateGroupSchema, ...errors },
        },
      },
      async (request) => undoDismissal(db, await owner(request), request.params.id, { persist }),
    );

    app.post(
      `${prefix}/duplicates/:id/records/:recordId/not-duplicate`,
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: 'One record is not a duplicate of the others: it leaves the group (a group left with one record is dismissed)',
          params: z.object({ id: groupId, recordId }),
          response: { 200: duplicateGroupSchema, ...errors },
        },
      },
      async (request) => removeFromGroup(db, await owner(request), request.params.id, request.params.recordId, { persist }),
    );
  };
}
