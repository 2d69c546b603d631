import { z } from 'zod';
import { rowIdParam } from './ids';
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

export type ApiKeyView = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
