import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
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
import { requireUser, signedInUser } from '../auth';
import { ResultsCache } from './results-version';
import { duplicationByField, findDuplicateGroup, historicalTrends, latestResults, listDuplicateGroups } from './scan-results';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export interface ResultsRoutesOptions {
  db: Db;
  /** '/api', or '/api/demo' for the same reads of the demo account. */
  prefix?: string;
  /** Whose results, and their version: the signed-in user's unless given (the demo's account needs no sign-in). */
  resultsOwner?: (request: FastifyRequest) => Promise<ResultsOwner>;
  cache?: ResultsCache;
}

export interface ResultsOwner {
  id: number;
  /** users.results_version: cached answers of another version are stale. */
  version: number;
}

/** What the dashboard, reports and duplicates pages read: stored scan results, the signed-in user's only. */
export function resultsRoutes({ db, prefix = '/api', resultsOwner, cache = new ResultsCache() }: ResultsRoutesOptions): FastifyPluginAsyncZod {
  const guard = resultsOwner ? [] : requireUser(db);
  const ownerOf =
    resultsOwner ??
    (async (request: FastifyRequest): Promise<ResultsOwner> => {
      const user = signedInUser(request);
      return { id: user.id, version: user.resultsVersion };
    });
  /** The answer for this owner and query, from the cache while their results are unchanged. */
  const cached = async <T>(request: FastifyRequest, read: string, load: (userId: number) => Promise<T>): Promise<T> => {
    const { id, version } = await ownerOf(request);
    return cache.read(`${id}:${read}:${JSON.stringify(request.query ?? {})}`, version, () => load(id));
  };

  return async (app) => {
    app.get(
      `${prefix}/hubspot/results`,
      { preHandler: guard, schema: { tags: ['results'], summary: 'The latest health results per object type and overall', response: { 200: healthResultsSchema, ...errors } } },
      async (request) => cached(request, 'results', (userId) => latestResults(db, userId)),
    );

    app.get(
      `${prefix}/hubspot/historical-trends`,
      {
        preHandler: guard,
        schema: { tags: ['results'], summary: 'Scores of completed scans over time, oldest first', querystring: historicalTrendsQuerySchema, response: { 200: historicalTrendsSchema, ...errors } },
      },
      async (request) => cached(request, 'trends', (userId) => historicalTrends(db, userId, request.query)),
    );

    app.get(
      `${prefix}/hubspot/duplication-by-field`,
      {
        preHandler: guard,
        schema: { tags: ['results'], summary: 'How often key fields repeat, from the latest scan per object type', querystring: objectTypeQuerySchema, response: { 200: duplicationByFieldSchema, ...errors } },
      },
      async (request) => cached(request, 'by-field', (userId) => duplicationByField(db, userId, request.query.objectType)),
    );

    // Also under /duplicates/groups: SPEC.md's demo rewrite moves only paths below /api/duplicates/.
    for (const url of [`${prefix}/duplicates`, `${prefix}/duplicates/groups`]) {
      app.get(
        url,
        {
          preHandler: guard,
          schema: { tags: ['duplicates'], summary: 'Duplicate groups, filtered and paged', querystring: duplicateGroupsQuerySchema, response: { 200: duplicateGroupPageSchema, ...errors } },
        },
        async (request) => cached(request, 'groups', (userId) => listDuplicateGroups(db, userId, request.query)),
      );
    }

    app.get(
      `${prefix}/duplicates/:id`,
      {
        preHandler: guard,
        schema: {
          tags: ['duplicates'],
          summary: 'One duplicate group with its records and why they matched',
          params: z.object({ id: rowIdParam('group') }),
          response: { 200: duplicateGroupSchema, 404: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const group = await cached(request, `group-${request.params.id}`, (userId) => findDuplicateGroup(db, userId, request.params.id));
        if (!group) throw new HttpError(404, 'NOT_FOUND', 'No such duplicate group.');
        return group;
      },
    );
  };
}
