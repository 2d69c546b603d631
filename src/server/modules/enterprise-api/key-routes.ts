import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  apiRequestPageSchema,
  apiRequestsQuerySchema,
  apiUsageSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from '../../../shared/contracts/enterprise-api';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { PLANS } from '../../../shared/plans';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { capabilitiesOf } from '../accounts';
import { requireUser, signedInUser } from '../auth';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './api-keys';
import { apiRequestsOf, apiUsageOf } from './usage';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['enterprise-api'];

/** The cheapest plan with any API access, for the words of the refusal. */
export function apiPlanRequired(): HttpError {
  const plan = PLANS.find((p) => p.id === 'starter')!;
  return new HttpError(403, 'PLAN_REQUIRED', `The API comes with every paid plan from ${plan.name} up. Choose a plan to create API keys.`);
}

function apiUser(request: Parameters<typeof signedInUser>[0]): User {
  const user = signedInUser(request);
  if (capabilitiesOf(user).apiAccess === 'none') throw apiPlanRequired();
  return user;
}

const noSuchKey = () => new HttpError(404, 'NOT_FOUND', 'No such API key.');

/** The signed-in user's API keys (list, create with the secret shown once, rotate, revoke), usage and request log. */
export function keyRoutes({ db, now = () => new Date() }: { db: Db; now?: () => Date }): FastifyPluginAsyncZod {
  const guard = requireUser(db);
  return async (app) => {
    app.get(
      '/api/enterprise/keys',
      { preHandler: guard, schema: { tags, summary: 'My API keys (prefixes only), newest first', response: { 200: apiKeyListSchema, ...errors } } },
      async (request) => ({ keys: await listApiKeys(db, apiUser(request).id) }),
    );

    app.post(
      '/api/enterprise/keys',
      { preHandler: guard, schema: { tags, summary: 'Create an API key; its secret is in this answer only', body: createApiKeyRequestSchema, response: { 201: createdApiKeySchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await createApiKey(db, apiUser(request).id, request.body.name)),
    );

    app.post(
      '/api/enterprise/keys/:id/rotate',
      {
        preHandler: guard,
        schema: { tags, summary: 'Replace a key with a new secret (shown once); the old one stops working now', params: apiKeyParamsSchema, response: { 201: createdApiKeySchema, 409: apiErrorSchema, ...errors } },
      },
      async (request, reply) => {
        const result = await rotateApiKey(db, apiUser(request).id, request.params.id);
        if ('missing' in result) throw noSuchKey();
        if ('revoked' in result) throw new HttpError(409, 'API_KEY_REVOKED', 'This key is revoked and cannot be rotated. Create a new key instead.');
        return reply.status(201).send(result.rotated);
      },
    );

    app.delete(
      '/api/enterprise/keys/:id',
      { preHandler: guard, schema: { tags, summary: 'Revoke a key: calls with it are refused from now on', params: apiKeyParamsSchema, response: { 200: apiKeySchema, ...errors } } },
      async (request) => (await revokeApiKey(db, apiUser(request).id, request.params.id)) ?? Promise.reject(noSuchKey()),
    );

    app.get(
      '/api/enterprise/usage',
      { preHandler: guard, schema: { tags, summary: "Today's and this month's API calls against the limits, and the last 30 days", response: { 200: apiUsageSchema, ...errors } } },
      async (request) => apiUsageOf(db, apiUser(request), now()),
    );

    app.get(
      '/api/enterprise/requests',
      { preHandler: guard, schema: { tags, summary: 'My API request log, newest first', querystring: apiRequestsQuerySchema, response: { 200: apiRequestPageSchema, ...errors } } },
      async (request) => apiRequestsOf(db, apiUser(request).id, request.query),
    );
  };
}
