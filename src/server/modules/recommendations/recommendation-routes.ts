import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { recommendationKeyParamsSchema, recommendationListSchema, recommendationStateSchema, RECOMMENDATION_STATES } from '../../../shared/contracts/recommendations';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser } from '../auth';
import { sendObjectRecordsCsv } from '../objects';
import { currentRecommendation, recommendationsFor, setRecommendationState } from './recommendations';
import { csvFlagOf } from './rules';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['recommendations'];
const notFound = () => new HttpError(404, 'NOT_FOUND', 'No such recommendation: its finding does not hold (any more).');

export interface RecommendationRoutesOptions {
  db: Db;
  /** '/api', or '/api/demo' for the demo account's (read-only: no dismiss or done there). */
  prefix?: string;
  /** Whose recommendations: the signed-in user's unless given. */
  owner?: () => Promise<User>;
}

/** Recommendations from the latest scans, dismissing or completing one, and the CSV of the records it is about. */
export function recommendationRoutes({ db, prefix = '/api', owner }: RecommendationRoutesOptions): FastifyPluginAsyncZod {
  const guard = owner ? [] : requireUser(db);
  const userOf = owner ? () => owner() : (request: Parameters<typeof signedInUser>[0]) => Promise.resolve(signedInUser(request));

  return async (app) => {
    app.get(
      `${prefix}/hubspot/recommendations`,
      { preHandler: guard, schema: { tags, summary: 'What to fix first, from the latest scans: evidence, expected gain and where to act', response: { 200: recommendationListSchema, ...errors } } },
      async (request) => recommendationsFor(db, await userOf(request)),
    );

    app.get(
      `${prefix}/hubspot/recommendations/:key/records.csv`,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: "The records a recommendation is about, as CSV: the objects screen's quality list of the same flag, every record",
          params: recommendationKeyParamsSchema,
          response: { 200: z.string().meta({ description: 'text/csv' }), 404: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = await userOf(request);
        const found = await currentRecommendation(db, user, request.params.key);
        const flag = found ? csvFlagOf(found.rule) : null;
        if (!found || !flag || !found.objectType) throw notFound();
        // The objects screen's list of the same flag, oldest change first: every record, streamed.
        return sendObjectRecordsCsv(reply, db, user.id, found.objectType, { flag, sort: 'oldest' });
      },
    );

    if (owner) return;
    for (const status of RECOMMENDATION_STATES) {
      const path = status === 'dismissed' ? 'dismiss' : 'done';
      app.post(
        `${prefix}/hubspot/recommendations/:key/${path}`,
        {
          preHandler: guard,
          schema: {
            tags,
            summary: status === 'dismissed' ? 'Hide a recommendation while its finding holds' : 'Mark a recommendation done; it stays gone while its finding holds',
            params: recommendationKeyParamsSchema,
            response: { 200: recommendationStateSchema, 404: apiErrorSchema, ...errors },
          },
        },
        async (request) => {
          const user = signedInUser(request);
          if (!(await currentRecommendation(db, user, request.params.key))) throw notFound();
          await setRecommendationState(db, user.id, request.params.key, status);
          return { key: request.params.key, status };
        },
      );
    }
  };
}
