import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_USAGE_DAYS,
  apiKeyListSchema,
  apiRequestPageSchema,
  apiRequestsQuerySchema,
  apiUsageSchema,
  type ApiKeyView,
  type ApiRequestPage,
  type ApiRequestsQuery,
  type ApiRequestView,
  type ApiUsage,
} from '../../../shared/contracts/enterprise-api';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '../../../shared/contracts/webhooks';
import { PLAN_CAPABILITIES } from '../../../shared/plans';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The demo's Enterprise API page is made up: the demo account has no real keys (a secret in a
 * public demo would be a real credential), so these answers are built from the clock alone.
 * Writes fall to the demo's read-only catch-all.
 */
const iso = (ms: number) => new Date(ms).toISOString();
const startOfUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** A fixed, repeatable spread of numbers: the demo looks the same on every visit. */
const wave = (i: number, base: number, swing: number) => Math.round(base + swing * Math.sin(i * 1.7) + (swing / 2) * Math.cos(i * 0.6));

export function demoApiKeys(now: Date): ApiKeyView[] {
  const t = now.getTime();
  return [
    { id: 3, name: 'Warehouse sync', prefix: 'dc_live_d3m0a1f2', createdAt: iso(t - 41 * DAY_MS), lastUsedAt: iso(t - 12 * 60_000), revokedAt: null },
    { id: 2, name: 'Sign-up form dedupe', prefix: 'dc_live_d3m0b7c4', createdAt: iso(t - 75 * DAY_MS), lastUsedAt: iso(t - 3 * HOUR_MS), revokedAt: null },
    { id: 1, name: 'Old Zapier test', prefix: 'dc_live_d3m09e51', createdAt: iso(t - 120 * DAY_MS), lastUsedAt: iso(t - 90 * DAY_MS), revokedAt: iso(t - 88 * DAY_MS) },
  ];
}

export function demoApiUsage(now: Date): ApiUsage {
  const today = startOfUtcDay(now);
  const days = Array.from({ length: API_USAGE_DAYS }, (_, i) => {
    const day = today - (API_USAGE_DAYS - 1 - i) * DAY_MS;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    const calls = weekend ? wave(i, 420, 120) : wave(i, 2600, 700);
    return { day: iso(day).slice(0, 10), calls, errors: Math.max(0, wave(i + 3, calls / 60, calls / 90)) };
  });
  const dayOfMonth = now.getUTCDate();
  const month = days.slice(-dayOfMonth).reduce((sum, d) => sum + d.calls, 0);
  const { apiDailyLimit, apiMonthlyLimit } = PLAN_CAPABILITIES.enterprise;
  return { today: { used: days.at(-1)!.calls, limit: apiDailyLimit }, month: { used: month, limit: apiMonthlyLimit }, days };
}

const DEMO_CALLS: readonly (Pick<ApiRequestView, 'method' | 'endpoint' | 'statusCode'> & { errorMessage?: string })[] = [
  { method: 'POST', endpoint: '/api/v1/contacts/match', statusCode: 200 },
  { method: 'GET', endpoint: '/api/v1/duplicates', statusCode: 200 },
  { method: 'POST', endpoint: '/api/v1/contacts/match', statusCode: 200 },
  { method: 'GET', endpoint: '/api/v1/scans', statusCode: 200 },
  { method: 'POST', endpoint: '/api/v1/contacts/match', statusCode: 400, errorMessage: 'properties.email: Enter a valid email address' },
  { method: 'POST', endpoint: '/api/v1/scans', statusCode: 202 },
  { method: 'GET', endpoint: '/api/v1/results', statusCode: 200 },
  { method: 'GET', endpoint: '/api/v1/duplicates', statusCode: 429, errorMessage: 'Daily API limit reached' },
  { method: 'POST', endpoint: '/api/v1/contacts/match', statusCode: 200 },
  { method: 'GET', endpoint: '/api/v1/duplicates/:id', statusCode: 404, errorMessage: 'No such duplicate group.' },
];

const DEMO_REQUEST_COUNT = 80;

function demoRequests(now: Date): ApiRequestView[] {
  const t = now.getTime();
  return Array.from({ length: DEMO_REQUEST_COUNT }, (_, i) => {
    const call = DEMO_CALLS[i % DEMO_CALLS.length]!;
    return {
      id: DEMO_REQUEST_COUNT - i,
      method: call.method,
      endpoint: call.endpoint,
      statusCode: call.statusCode,
      responseTimeMs: Math.abs(wave(i, 38, 25)) + 4,
      timestamp: iso(t - (i * 7 + 2) * 60_000),
      errorMessage: call.errorMessage ?? null,
    };
  });
}

function page<T>(rows: T[], query: { page: number; pageSize: number }) {
  const start = (query.page - 1) * query.pageSize;
  return { rows: rows.slice(start, start + query.pageSize), page: query.page, pageSize: query.pageSize, total: rows.length };
}

export function demoApiRequestPage(now: Date, query: ApiRequestsQuery): ApiRequestPage {
  const { status, endpoint, from, to } = query;
  const matches = demoRequests(now).filter(
    (r) =>
      (status === undefined || (status === 'success' ? r.statusCode < 400 : status === 'error' ? r.statusCode >= 400 : r.statusCode === status)) &&
      (!endpoint || r.endpoint.includes(endpoint)) &&
      (!from || Date.parse(r.timestamp) >= Date.parse(from)) &&
      (!to || Date.parse(r.timestamp) < Date.parse(to)),
  );
  const { rows, ...rest } = page(matches, query);
  return { requests: rows, ...rest };
}

export function demoWebhookEndpoints(now: Date): WebhookEndpointView[] {
  const t = now.getTime();
  return [
    { id: 2, url: 'https://hooks.example.com/datacleaner', description: 'Data team alerts', events: ['scan.completed', 'duplicates.found'], enabled: true, secretPrefix: 'whsec_d3m0', createdAt: iso(t - 30 * DAY_MS) },
    { id: 1, url: 'https://crm-sync.example.org/webhooks/merge', description: 'Warehouse merge feed', events: ['merge.completed'], enabled: false, secretPrefix: 'whsec_d3m1', createdAt: iso(t - 60 * DAY_MS) },
  ];
}

function demoDeliveries(now: Date): WebhookDeliveryView[] {
  const t = now.getTime();
  const [alerts, feed] = demoWebhookEndpoints(now);
  const delivered = (id: number, eventType: WebhookDeliveryView['eventType'], hoursAgo: number): WebhookDeliveryView => ({
    id,
    endpointId: alerts!.id,
    endpointUrl: alerts!.url,
    eventType,
    eventId: `evt_demo_${id}`,
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: iso(t - hoursAgo * HOUR_MS),
    deliveredAt: iso(t - hoursAgo * HOUR_MS + 900),
  });
  return [
    { ...delivered(6, 'duplicates.found', 0.5), status: 'retrying', attempts: 2, lastStatusCode: 503, lastError: 'Service Unavailable', nextAttemptAt: iso(t + 4 * 60_000), deliveredAt: null },
    delivered(5, 'scan.completed', 0.6),
    delivered(4, 'test', 26),
    { ...delivered(3, 'merge.completed', 50), endpointId: feed!.id, endpointUrl: feed!.url, status: 'failed', attempts: 8, lastStatusCode: null, lastError: 'Connection refused', deliveredAt: null },
    delivered(2, 'duplicates.found', 72),
    delivered(1, 'scan.completed', 72.1),
  ];
}

export function demoWebhookDeliveryPage(now: Date, query: WebhookDeliveriesQuery): WebhookDeliveryPage {
  const matches = demoDeliveries(now).filter((d) => (query.endpointId === undefined || d.endpointId === query.endpointId) && (query.status === undefined || d.status === query.status));
  const { rows, ...rest } = page(matches, query);
  return { deliveries: rows, ...rest };
}

/** GET /api/demo/enterprise/*: the demo's keys (prefixes only), usage, request log, webhook endpoints and deliveries. */
export function demoEnterpriseRoutes({ prefix, now = () => new Date() }: { prefix: string; now?: () => Date }): FastifyPluginAsyncZod {
  const tags = ['demo'];
  const base = `${prefix}/enterprise`;
  return async (app) => {
    app.get(`${base}/keys`, { schema: { tags, summary: "The demo's made-up API keys, prefixes only", response: { 200: apiKeyListSchema } } }, async () => ({ keys: demoApiKeys(now()) }));
    app.get(`${base}/usage`, { schema: { tags, summary: "The demo's made-up API usage", response: { 200: apiUsageSchema } } }, async () => demoApiUsage(now()));
    app.get(
      `${base}/requests`,
      { schema: { tags, summary: "The demo's made-up request log", querystring: apiRequestsQuerySchema, response: { 200: apiRequestPageSchema, 400: apiErrorSchema } } },
      async (request) => demoApiRequestPage(now(), request.query),
    );
    app.get(`${base}/webhooks`, { schema: { tags, summary: "The demo's made-up webhook endpoints", response: { 200: webhookEndpointListSchema } } }, async () => ({ endpoints: demoWebhookEndpoints(now()) }));
    app.get(
      `${base}/webhooks/deliveries`,
      { schema: { tags, summary: "The demo's made-up webhook deliveries", querystring: webhookDeliveriesQuerySchema, response: { 200: webhookDeliveryPageSchema, 400: apiErrorSchema } } },
      async (request) => demoWebhookDeliveryPage(now(), request.query),
    );
  };
}
