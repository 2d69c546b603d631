import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchRecord, type MatchCandidate } from '../../../engine';
import { MATCH_MAX_RESULTS, matchParamsSchema, matchRequestSchema, matchResponseSchema } from '../../../shared/contracts/enterprise-api';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { ObjectType } from '../../../shared/object-types';
import type { MatchIndexCache } from './match-index-cache';
import { callerOf } from './v1-caller';

/** Properties that name a record in answers, by object type, first filled wins. */
const NAMED_BY: Record<ObjectType, readonly (readonly string[])[]> = {
  contacts: [['firstname', 'lastname'], ['email']],
  companies: [['name'], ['domain']],
  deals: [['dealname']],
  tickets: [['subject']],
};

function nameOf(objectType: ObjectType, values: Readonly<Record<string, unknown>>): string {
  for (const parts of NAMED_BY[objectType]) {
    const text = parts.map((p) => (typeof values[p] === 'string' ? (values[p] as string).trim() : '')).filter(Boolean).join(' ');
    if (text) return text;
  }
  return '';
}

function candidateView(objectType: ObjectType, match: MatchCandidate) {
  return { id: match.id, name: nameOf(objectType, match.properties), probability: match.probability, evidence: match.explanation.fields };
}

/**
 * POST /api/v1/{objectType}/match: is this record (or are these) already in the portal?
 * A read: nothing is written, so the read-only Starter API may call it.
 */
export function matchRoutes(cache: MatchIndexCache, errors: Record<401 | 403 | 429, typeof apiErrorSchema>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/:objectType/match',
      {
        schema: {
          tags: ['v1'],
          summary: 'Existing records that one new record (or up to 100) probably duplicates, with per-field evidence',
          params: matchParamsSchema,
          body: matchRequestSchema,
          response: { 200: matchResponseSchema, 400: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const { objectType } = request.params;
        const index = await cache.indexFor(callerOf(request).user, objectType);
        const inputs = request.body.inputs ?? [{ properties: request.body.properties ?? {} }];
        const results = inputs.map((input) => ({
          matches: matchRecord(index, input.properties, MATCH_MAX_RESULTS).map((match) => candidateView(objectType, match)),
        }));
        return { threshold: index.threshold.probability, results };
      },
    );
  };
}
