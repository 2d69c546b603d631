import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import {
  duplicateGroupPageSchema,
  duplicateGroupSchema,
  duplicateGroupsQuerySchema,
  duplicationByFieldSchema,
  healthResultsSchema,
  historicalTrendsQuerySchema,
  historicalTrendsSchema,
  objectTypeQuerySchema,
} from '../../../shared/contracts/results';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser } from '../auth/require-user';
import { duplicationByField, findDuplicateGroup, historicalTrends, latestResults, listDuplicateGroups } from './scan-results';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** What the dashboard, reports and duplicates pages read: stored scan results, the signed-in user's only. */
export function resultsRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  const guard = requireUser(db);

  return async (app) => {
    app.get(
      '/api/hubspot/results',
      { preHandler: guard, schema: { tags: ['results'], summary: 'The latest health results per object type and overall', response: { 200: healthResultsSchema, ...errors } } },
      async (request) => latestResults(db, signedInUser(request).id),
    );

    app.get(
      '/api/hubspot/historical-trends',
      {
        preHandler: guard,
        schema: { tags: ['results'], summary: 'Scores of completed scans over time, oldest first', querystring: historicalTrendsQuerySchema, response: { 200: historicalTrendsSchema, ...errors } },
      },
      async (request) => historicalTrends(db, signedInUser(request).id, request.query),
    );

    app.get(
      '/api/hubspot/duplication-by-field',
      {
        preHandler: guard,
        schema: { tags: ['results'], summary: 'How often key fields repeat, from the latest scan per object type', querystring: objectTypeQuerySchema, response: { 200: duplicationByFieldSchema, ...errors } },
      },
      async (request) => duplicationByField(db, signedInUser(request).id, request.query.objectType),
    );

    app.get(
      '/api/duplicates',
      {
        preHandler: guard,
        schema: { tags: ['duplicates'], summary: 'Duplicate groups, filtered and paged', querystring: duplicateGroupsQuerySchema, response: { 200: duplicateGroupPageSchema, ...errors } },
      },
      async (request) => listDuplicateGroups(db, signedInUser(request).id, request.query),
    );

    app.get(
      '/api/duplicates/:id',
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: 'One duplicate group with its records and why they matched',
          params: z.object({ id: z.coerce.number({ error: 'A group id is a whole number' }).int('A group id is a whole number').positive('A group id is a whole number') }),
          response: { 200: duplicateGroupSchema, 404: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const group = await findDuplicateGroup(db, signedInUser(request).id, request.params.id);
        if (!group) throw new HttpError(404, 'NOT_FOUND', 'No such duplicate group.');
        return group;
      },
    );
  };
}
