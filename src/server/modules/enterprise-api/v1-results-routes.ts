import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResultsSchema, historicalTrendsQuerySchema, historicalTrendsSchema } from '../../../shared/contracts/results';
import type { Db } from '../../db/client';
import { historicalTrends, latestResults } from '../scans';
import { callerOf, V1_ERRORS, V1_TAGS } from './v1-caller';

/** Health and results, as the dashboard reads them. */
export function v1ResultsRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/results',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'The latest results: health scores and issue counts per object type and overall',
          response: { 200: healthResultsSchema, ...V1_ERRORS },
        },
      },
      async (request) => latestResults(db, callerOf(request).user.id),
    );

    app.get(
      '/results/trends',
      {
        schema: {
          tags: V1_TAGS,
          summary: 'Scores of completed scans over time, oldest first (one object type, or all)',
          querystring: historicalTrendsQuerySchema,
          response: { 200: historicalTrendsSchema, ...V1_ERRORS },
        },
      },
      async (request) => historicalTrends(db, callerOf(request).user.id, request.query),
    );
  };
}
