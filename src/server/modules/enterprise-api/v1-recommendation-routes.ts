import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recommendationListSchema } from '../../../shared/contracts/recommendations';
import type { Db } from '../../db/client';
import { recommendationsFor } from '../recommendations';
import { callerOf, V1_ERRORS, V1_TAGS } from './v1-caller';

/** The dashboard's recommendations, as the rules compute them (never reworded by AI here). */
export function v1RecommendationRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/recommendations',
      { schema: { tags: V1_TAGS, summary: 'What to fix first, from the latest scans: evidence, expected gain and where to act', response: { 200: recommendationListSchema, ...V1_ERRORS } } },
      async (request) => recommendationsFor(db, callerOf(request).user),
    );
  };
}
