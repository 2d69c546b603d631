import { z } from 'zod';
import { rowIdParam } from './ids';
import { fieldContributionSchema, wholeNumberParam } from './results';
import { OBJECT_TYPES } from '../object-types';
import { scanRunSchema } from './scans';

export const API_KEY_NAME_MAX = 100;

/** A key as listed: never its secret, only the prefix that identifies it. */
export const apiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, e.g. dc_live_ab12cd34'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().describe('null before the first call'),
    revokedAt: z.iso.datetime().nullable().describe('null while the key works'),
  })
  .meta({ id: 'ApiKey' });

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });

export const createApiKeyRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name, e.g. the integration that uses it').max(API_KEY_NAME_MAX, `A key name has at most ${API_KEY_NAME_MAX} characters`),
  })
  .meta({ id: 'CreateApiKeyRequest' });

/** A new (or rotated) key with its secret: shown this once, never again. */
export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The full secret; store it now, it is not shown again') })
  .meta({ id: 'CreatedApiKey' });

export const apiKeyParamsSchema = z.object({ id: rowIdParam('API key') });

/** The versioned API (/api/v1). */
export const v1ScanListSchema = z.object({ scans: z.array(scanRunSchema) }).meta({ id: 'V1ScanList' });

/** Calls counted against one limit. */
const quotaUseSchema = z.object({ used: z.number().int(), limit: z.number().int() });

export const API_USAGE_DAYS = 30;

export const apiUsageSchema = z
  .object({
    today: quotaUseSchema.describe('This UTC day; the counter starts again at UTC midnight'),
    month: quotaUseSchema.describe('This UTC month'),
    days: z
      .array(z.object({ day: z.string().describe('UTC day, YYYY-MM-DD'), calls: z.number().int(), errors: z.number().int().describe('Calls answered 400 or above') }))
      .describe(`The last ${API_USAGE_DAYS} UTC days, oldest first, today last; days without calls count zero`),
  })
  .meta({ id: 'ApiUsage' });

const STATUS_FILTER_MESSAGE = 'status must be success, error or an HTTP status code (100 to 599)';
export const apiRequestStatusFilter = z.union([z.enum(['success', 'error']), z.coerce.number().int().min(100).max(599)], { error: STATUS_FILTER_MESSAGE });

export const apiRequestsQuerySchema = z.object({
  page: wholeNumberParam('page', 1, 100_000).default(1),
  pageSize: wholeNumberParam('pageSize', 1, 100).default(25),
  status: apiRequestStatusFilter.optional().describe('success (below 400), error (400 and above) or one status code'),
  endpoint: z.string().max(200, 'endpoint has at most 200 characters').optional().describe('Part of the route pattern, e.g. /api/v1/duplicates (also finds /api/v1/duplicates/:id)'),
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time, e.g. 2026-11-25T00:00:00Z' }).optional().describe('Calls at or after this time'),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time, e.g. 2026-11-25T23:59:59Z' }).optional().describe('Calls before this time'),
});

export const apiRequestSchema = z
  .object({
    id: z.number().int(),
    method: z.string(),
    endpoint: z.string(),
    statusCode: z.number().int(),
    responseTimeMs: z.number().int(),
    timestamp: z.iso.datetime(),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: 'ApiRequest' });

export const apiRequestPageSchema = z
  .object({ requests: z.array(apiRequestSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'ApiRequestPage' });

export type ApiUsage = z.infer<typeof apiUsageSchema>;
export type ApiRequestView = z.infer<typeof apiRequestSchema>;
export type ApiRequestPage = z.infer<typeof apiRequestPageSchema>;
export type ApiRequestsQuery = z.infer<typeof apiRequestsQuerySchema>;
export type ApiKeyView = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// Match: the real-time duplicate check (POST /api/v1/{objectType}/match).

export const MATCH_MAX_INPUTS = 100;
export const MATCH_MAX_RESULTS = 10;

export const matchParamsSchema = z.object({
  objectType: z.enum(OBJECT_TYPES, { error: `objectType must be one of ${OBJECT_TYPES.join(', ')}` }),
});

/** One record as HubSpot writes it: property values as strings (or null). */
const matchInputSchema = z.object({
  properties: z.record(z.string(), z.string().max(10_000).nullable(), { error: 'properties must be an object of strings or null' }),
});

export const matchRequestSchema = z
  .object({
    properties: matchInputSchema.shape.properties.optional().describe('One record'),
    inputs: z
      .array(matchInputSchema)
      .min(1, 'inputs needs at least one record')
      .max(MATCH_MAX_INPUTS, `inputs has at most ${MATCH_MAX_INPUTS} records`)
      .optional()
      .describe(`Up to ${MATCH_MAX_INPUTS} records`),
  })
  .refine((body) => (body.properties === undefined) !== (body.inputs === undefined), { message: 'Send either properties (one record) or inputs (a list), not both', path: ['properties'] })
  .describe(`One record { properties }, or up to ${MATCH_MAX_INPUTS} as { inputs: [{ properties }] }`)
  .meta({ id: 'MatchRequest' });

export const matchCandidateSchema = z
  .object({
    id: z.string().describe('The HubSpot id of the existing record'),
    name: z.string().describe('What identifies it: name, email, domain or subject'),
    probability: z.number().describe('Match probability, 0 to 1'),
    evidence: z.array(fieldContributionSchema).describe('Per field: valueA is yours, valueB theirs, weight the contribution in bits'),
  })
  .meta({ id: 'MatchCandidate' });

export const matchResultSchema = z
  .object({
    matches: z.array(matchCandidateSchema).describe(`Best first, only at or above the portal's decision threshold, at most ${MATCH_MAX_RESULTS}`),
  })
  .meta({ id: 'MatchResult' });

export const matchResponseSchema = z
  .object({
    threshold: z.number().describe('The decision threshold (probability) of the portal'),
    results: z.array(matchResultSchema).describe('One per input, in order'),
  })
  .meta({ id: 'MatchResponse' });

export type MatchRequest = z.infer<typeof matchRequestSchema>;
export type MatchResponse = z.infer<typeof matchResponseSchema>;
