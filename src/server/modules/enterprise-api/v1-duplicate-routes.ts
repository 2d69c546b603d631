import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdParam } from '../../../shared/contracts/ids';
import { duplicateGroupPageSchema, duplicateGroupSchema, duplicateGroupsQuerySchema } from '../../../shared/contracts/results';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { dismissGroup } from '../duplicates';
import { findDuplicateGroup, listDuplicateGroups } from '../scans';
import { callerOf, V1_ERRORS, V1_TAGS } from './v1-caller';

const groupParams = z.object({ id: rowIdParam('group') });

/** Duplicate groups: the review list, one group with its evidence, and "not a duplicate". */
export function v1DuplicateRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/duplicates',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Duplicate groups, filtered (object type, status, confidence, found since) and paged',
          querystring: duplicateGroupsQuerySchema,
          response: { 200: duplicateGroupPageSchema, ...V1_ERRORS },
        },
      },
      async (request) => listDuplicateGroups(db, callerOf(request).user.id, request.query),
    );

    app.get(
      '/duplicates/:id',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'One duplicate group with its records and the per-field evidence of why they matched',
          params: groupParams,
          response: { 200: duplicateGroupSchema, ...V1_ERRORS },
        },
      },
      async (request) => {
        const group = await findDuplicateGroup(db, callerOf(request).user.id, request.params.id);
        if (!group) throw new HttpError(404, 'NOT_FOUND', 'No such duplicate group.');
        return group;
      },
    );

    app.post(
      '/duplicates/:id/dismiss',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Not a duplicate: the pending group leaves the review list and is never proposed again',
          params: groupParams,
          response: { 200: duplicateGroupSchema, 409: apiErrorSchema, ...V1_ERRORS },
        },
      },
      async (request) => dismissGroup(db, callerOf(request).user.id, request.params.id, { persist: true }),
    );
  };
}
