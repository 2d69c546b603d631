import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import {
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  WEBHOOK_ENDPOINTS_MAX,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookTestResultSchema,
} from '../../../shared/contracts/webhooks';
import { PLAN_CAPABILITIES, PLANS } from '../../../shared/plans';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { webhookEndpoints, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../../security/secret-box';
import { capabilitiesOf } from '../accounts';
import { Limit, requireUser, signedInUser } from '../auth';
import { createTestDelivery, deliverWebhookNow } from './webhook-delivery';
import { countEndpoints, deliveriesOf, deliveryOf, endpointOf, endpointView, insertEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint } from './webhook-endpoints';
import { privateUrlProblem } from './webhook-url-guard';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['webhooks'];

/** The refusal names the cheapest plan whose capabilities include webhooks. */
export function webhooksPlanRequired(): HttpError {
  const plan = PLANS.find((p) => PLAN_CAPABILITIES[p.id].webhooks)!;
  return new HttpError(403, 'PLAN_REQUIRED', `Webhooks come with the ${plan.name} plan. Upgrade to ${plan.name} to have events posted to your endpoints.`);
}

/** Test events per user: each makes an outbound request inside the HTTP call. */
export const WEBHOOK_TESTS_PER_WINDOW = 10;
const TEST_WINDOW_SECONDS = 600;

const noSuchEndpoint = () => new HttpError(404, 'NOT_FOUND', 'No such webhook endpoint.');

export interface WebhookRouteDeps {
  db: Db;
  config: Pick<Config, 'NODE_ENV'>;
  secrets: SecretBox;
}

/** The signed-in user's webhook endpoints (secret shown once), their deliveries and the test event. */
export function webhookRoutes(deps: WebhookRouteDeps): FastifyPluginAsyncZod {
  const { db, config, secrets } = deps;
  const guard = requireUser(db);
  const production = config.NODE_ENV === 'production';
  const testLimit = new Limit(db, 'webhook-test', WEBHOOK_TESTS_PER_WINDOW, TEST_WINDOW_SECONDS);
  // Listing and deleting stay open to every signed-in user, so one who downgraded can see and remove endpoints.
  const hooksUser = (request: Parameters<typeof signedInUser>[0]): User => {
    const user = signedInUser(request);
    if (!capabilitiesOf(user).webhooks) throw webhooksPlanRequired();
    return user;
  };
  const checkUrl = async (url: string | undefined) => {
    const problem = url === undefined ? null : await privateUrlProblem(url, production);
    if (problem) throw new HttpError(400, 'INVALID_WEBHOOK_URL', problem);
  };

  return async (app) => {
    app.get(
      '/api/enterprise/webhooks',
      { preHandler: guard, schema: { tags, summary: 'My webhook endpoints, newest first', response: { 200: webhookEndpointListSchema, ...errors } } },
      async (request) => ({ endpoints: (await listEndpoints(db, signedInUser(request).id)).map(endpointView) }),
    );

    app.post(
      '/api/enterprise/webhooks',
      {
        preHandler: guard,
        schema: { tags, summary: 'Register an endpoint; its signing secret is in this answer only', body: createWebhookEndpointRequestSchema, response: { 201: webhookEndpointWithSecretSchema, 409: apiErrorSchema, ...errors } },
      },
      async (request, reply) => {
        const user = hooksUser(request);
        await checkUrl(request.body.url);
        if ((await countEndpoints(db, user.id)) >= WEBHOOK_ENDPOINTS_MAX) {
          throw new HttpError(409, 'WEBHOOK_ENDPOINTS_MAX', `An account has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`);
        }
        return reply.status(201).send(await insertEndpoint(db, secrets, user.id, request.body));
      },
    );

    app.patch(
      '/api/enterprise/webhooks/:id',
      { preHandler: guard, schema: { tags, summary: 'Change an endpoint: URL, events, description, enabled', params: webhookEndpointParamsSchema, body: updateWebhookEndpointRequestSchema, response: { 200: webhookEndpointSchema, ...errors } } },
      async (request) => {
        const user = hooksUser(request);
        await checkUrl(request.body.url);
        const row = await updateEndpoint(db, user.id, request.params.id, request.body);
        if (!row) throw noSuchEndpoint();
        return endpointView(row);
      },
    );

    app.delete(
      '/api/enterprise/webhooks/:id',
      { preHandler: guard, schema: { tags, summary: 'Delete an endpoint and its delivery log', params: webhookEndpointParamsSchema, response: { 200: webhookEndpointSchema, ...errors } } },
      async (request) => {
        const [row] = await db
          .delete(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, request.params.id), eq(webhookEndpoints.userId, signedInUser(request).id)))
          .returning();
        if (!row) throw noSuchEndpoint();
        return endpointView(row);
      },
    );

    app.post(
      '/api/enterprise/webhooks/:id/rotate-secret',
      { preHandler: guard, schema: { tags, summary: 'A new signing secret (shown once); the old one stops signing now', params: webhookEndpointParamsSchema, response: { 200: webhookEndpointWithSecretSchema, ...errors } } },
      async (request) => (await rotateEndpointSecret(db, secrets, hooksUser(request).id, request.params.id)) ?? Promise.reject(noSuchEndpoint()),
    );

    app.post(
      '/api/enterprise/webhooks/:id/test',
      { preHandler: guard, schema: { tags, summary: 'Send a test event now, signed like every delivery; answers the delivery', params: webhookEndpointParamsSchema, response: { 200: webhookTestResultSchema, 429: apiErrorSchema, ...errors } } },
      async (request, reply) => {
        const user = hooksUser(request);
        const endpoint = await endpointOf(db, user.id, request.params.id);
        if (!endpoint) throw noSuchEndpoint();
        await testLimit.take(String(user.id), reply);
        const id = await createTestDelivery(db, endpoint);
        await deliverWebhookNow({ db, config, secrets, log: request.log }, id);
        return { delivery: (await deliveryOf(db, user.id, id))! };
      },
    );

    app.get(
      '/api/enterprise/webhooks/deliveries',
      { preHandler: guard, schema: { tags, summary: 'My webhook deliveries, newest first', querystring: webhookDeliveriesQuerySchema, response: { 200: webhookDeliveryPageSchema, ...errors } } },
      async (request) => deliveriesOf(db, signedInUser(request).id, request.query),
    );
  };
}
