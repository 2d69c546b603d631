import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PLAN_CAPABILITIES, type PlanTier } from '../../../shared/plans';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../../shared/contracts/webhooks';
import type { Config } from '../../config';
import { API_KEY_PREFIX } from './api-keys';

export const V1_PREFIX = '/api/v1/';
export const V1_OPENAPI_URL = '/api/v1/openapi.json';
export const V1_DOCS_URL = '/api/v1/docs';

type Json = Record<string, unknown>;
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

const number = (n: number) => n.toLocaleString('en-US');

function planQuotas(): string {
  const rows = (['starter', 'professional', 'enterprise'] as const satisfies readonly PlanTier[]).map((tier) => {
    const c = PLAN_CAPABILITIES[tier];
    const access = c.apiAccess === 'full' ? 'full (read and write)' : 'read-only (GET calls only)';
    return `| ${tier[0]!.toUpperCase()}${tier.slice(1)} | ${access} | ${number(c.apiDailyLimit)} | ${number(c.apiMonthlyLimit)} |`;
  });
  return ['| Plan | Access | Calls per UTC day | Calls per UTC month |', '|---|---|---|---|', ...rows].join('\n');
}

function description(): string {
  return `The versioned DataCleaner API: scans, health results and trends, duplicate groups with their evidence, safe merges with restore, and the record actions history of your HubSpot portal.

## Authentication
Create a key on the Enterprise API page of the app. Send it on every call as \`Authorization: Bearer ${API_KEY_PREFIX}...\`. A key acts for its user only; a rotated or revoked key answers 401. Session cookies are not accepted here. Keys are shown once and stored only as a hash.

## Quotas
Each call with a valid key counts against both limits; calls refused for the quota do not. The day starts again at UTC midnight, the month on the first (UTC). The free plan has no API access.

${planQuotas()}

Every answer to a valid key (a 429 and a read-only 403 too) carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` for the limit that binds: the daily one, unless fewer calls are left this month than today (the reset in Unix seconds: the next UTC midnight, or the first of next month). Past either limit the answer is 429 with \`Retry-After\` (seconds). Call the API from your server: keys must not reach a browser, and browsers' cross-site calls are refused.

## Errors
Every error is JSON \`{ "message": "...", "code": "..." }\`: \`message\` in words a person can act on, \`code\` stable for programs (e.g. \`VALIDATION_ERROR\`, \`NOT_FOUND\`, \`API_READ_ONLY\`, \`RATE_LIMITED\`). Bad input is 400 naming the field; an id that is not yours is 404, the same as one that does not exist.

## Paging
Lists take \`page\` (from 1) and \`pageSize\` (at most 100, default 25) and answer the page with \`total\`, the count of all matching items.

## Webhooks (Enterprise)
Register endpoints on the Enterprise API page for \`${WEBHOOK_EVENT_TYPES.join('`, `')}\`. Each delivery is a POST of JSON \`{ "id", "type", "createdAt", "data" }\` with these headers:
- \`${WEBHOOK_EVENT_HEADER}\`: the event type; \`${WEBHOOK_DELIVERY_HEADER}\`: the event id, the same on every retry: ignore one you have handled;
- \`${WEBHOOK_TIMESTAMP_HEADER}\`: Unix seconds when it was signed;
- \`${WEBHOOK_SIGNATURE_HEADER}\`: \`v1=\` and the hex HMAC-SHA256 of \`<timestamp>.<raw body>\` keyed with the endpoint's signing secret.

To verify: compute the HMAC over the timestamp header, a dot and the raw body bytes as received (before any JSON parsing), compare it to the signature in constant time, and refuse a timestamp more than 5 minutes old. In Node: \`crypto.timingSafeEqual(Buffer.from('v1=' + crypto.createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex')), Buffer.from(signature))\`. In Python: \`hmac.compare_digest('v1=' + hmac.new(secret.encode(), f'{timestamp}.'.encode() + raw_body, hashlib.sha256).hexdigest(), signature)\`.

Answer 2xx within 10 seconds to acknowledge. Anything else is retried with backoff (1, 5 and 15 minutes, 1 and 3 hours, then every 6 hours; \`Retry-After\` is honoured) for ${WEBHOOK_RETRY_WINDOW_HOURS} hours; 410 Gone turns the endpoint off.`;
}

/** Every "$ref" a part of the document points to. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner);
      else refsIn(inner, found);
    }
  }
}

/** The schemas the v1 paths use, directly or through other schemas. */
function usedSchemas(paths: Json, schemas: Json): Json {
  const name = (ref: string) => ref.replace('#/components/schemas/', '');
  const refs = new Set<string>();
  refsIn(paths, refs);
  const used: Json = {};
  const pending = [...refs].map(name);
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next in used || !(next in schemas)) continue;
    used[next] = schemas[next];
    const inner = new Set<string>();
    refsIn(schemas[next], inner);
    pending.push(...[...inner].map(name));
  }
  return used;
}

/** One operation as integrators read it: the key on it, the quota headers on each answer, 429 described. */
function keyedOperation(operation: Json): Json {
  const responses = { ...((operation.responses as Json | undefined) ?? {}) };
  const rateHeaders = Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  for (const [status, response] of Object.entries(responses)) {
    // 401 and 403 are refused before the quota is counted: no quota headers.
    if (status === '401' || status === '403') continue;
    const headers = { ...rateHeaders, ...(status === '429' ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}) };
    responses[status] = { ...(response as Json), headers };
  }
  return { ...operation, security: [{ bearerAuth: [] }], responses };
}

/**
 * The /api/v1 document: the app's generated document cut to the /api/v1 operations and the schemas
 * they use, with the key scheme, quota headers and a guide to the API added.
 */
export function v1OpenApiDocument(full: Json, config: Pick<Config, 'PUBLIC_URL'>): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries((full.paths as Json | undefined) ?? {})) {
    if (!path.startsWith(V1_PREFIX)) continue;
    paths[path] = Object.fromEntries(Object.entries(item as Json).map(([method, operation]) => [method, keyedOperation(operation as Json)]));
  }
  const components = (full.components as Json | undefined) ?? {};
  const info = (full.info as Json | undefined) ?? {};
  return {
    openapi: full.openapi,
    info: { title: 'DataCleaner API v1', version: info.version, description: description() },
    ...(config.PUBLIC_URL ? { servers: [{ url: config.PUBLIC_URL.replace(/\/$/, ''), description: 'This DataCleaner server' }] } : {}),
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'v1', description: 'The versioned API; authenticate with an API key' }],
    paths,
    components: {
      schemas: usedSchemas(paths, (components.schemas as Json | undefined) ?? {}),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}...`,
          description: `An API key from the Enterprise API page: "${API_KEY_PREFIX}" followed by 43 URL-safe characters, sent as "Authorization: Bearer ${API_KEY_PREFIX}...".`,
        },
      },
      headers: {
        'X-RateLimit-Limit': { description: 'Calls allowed per UTC day', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Calls left today (UTC)', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'When the daily counter starts again: the next UTC midnight, in Unix seconds', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before the quota allows another call (429 only)', schema: { type: 'integer' } },
      },
    },
  };
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>DataCleaner API v1</title>
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="${V1_DOCS_URL}/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the app's content security policy allows its own scripts only.
const DOCS_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${V1_OPENAPI_URL}', dom_id: '#swagger-ui', presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout', deepLinking: true });
});
`;

/**
 * The public /api/v1 document and its docs page (Swagger UI from the copy /api/docs serves: no CDN).
 * Left out of the documents themselves.
 */
export function v1OpenApiRoutes({ config }: { config: Pick<Config, 'PUBLIC_URL'> }): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    // Routes are fixed once the app is ready: the document is built on the first call and kept.
    let document: Json | undefined;
    app.get(V1_OPENAPI_URL, { schema: { hide: true } }, async () => {
      document ??= v1OpenApiDocument(app.swagger() as unknown as Json, config);
      return document;
    });
    app.get(V1_DOCS_URL, { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
    app.get(`${V1_DOCS_URL}/init.js`, { schema: { hide: true } }, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(DOCS_INIT));
  };
}
