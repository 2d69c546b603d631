import { z } from 'zod';
import { rowIdParam } from './ids';
import { wholeNumberParam } from './results';

/** The events an Enterprise integrator can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = ['scan.completed', 'duplicates.found', 'merge.completed', 'health.changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Deliveries are retried with backoff for this long, then marked failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers each delivery carries; the docs give the verification recipe. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-DataCleaner-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-DataCleaner-Timestamp';
export const WEBHOOK_EVENT_HEADER = 'X-DataCleaner-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-DataCleaner-Delivery';

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length);

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `A webhook URL has at most ${WEBHOOK_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter the full http(s) URL of your endpoint, e.g. https://example.com/hooks/datacleaner' }));

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    secretPrefix: z.string().describe('The first characters of the signing secret, e.g. whsec_ab12'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) }).meta({ id: 'WebhookEndpointList' });

export const createWebhookEndpointRequestSchema = z
  .object({
    url: webhookUrl,
    events: eventTypes,
    description: z.string().trim().max(200, 'A description has at most 200 characters').default(''),
  })
  .meta({ id: 'CreateWebhookEndpointRequest' });

export const updateWebhookEndpointRequestSchema = z
  .object({
    url: webhookUrl.optional(),
    events: eventTypes.optional(),
    description: z.string().trim().max(200, 'A description has at most 200 characters').optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdateWebhookEndpointRequest' });

/** A new endpoint, or one whose secret was rotated: the signing secret shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('The signing secret (whsec_...); store it now, it is not shown again') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookEndpointParamsSchema = z.object({ id: rowIdParam('webhook endpoint') });

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    endpointUrl: z.string(),
    eventType: z.enum([...WEBHOOK_EVENT_TYPES, 'test']),
    eventId: z.string().describe('Stable across retries: deduplicate on it'),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable().describe('The HTTP status your endpoint answered last, null when it could not be reached'),
    lastError: z.string().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookDeliveriesQuerySchema = z.object({
  page: wholeNumberParam('page', 1, 100_000).default(1),
  pageSize: wholeNumberParam('pageSize', 1, 100).default(25),
  endpointId: rowIdParam('webhook endpoint').optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
});

export const webhookDeliveryPageSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'WebhookDeliveryPage' });

export const webhookTestResultSchema = z.object({ delivery: webhookDeliverySchema }).meta({ id: 'WebhookTestResult' });

export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequestSchema>;
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;
