import { z } from 'zod';
import { updateSettingsRequestSchema } from './settings';

/** Where the OpenAI key in use comes from: sealed in settings, held for this session only, the server's (the demo), or none. */
export const AI_KEY_SOURCES = ['saved', 'session', 'server', 'none'] as const;
export type AiKeySource = (typeof AI_KEY_SOURCES)[number];

export const DEFAULT_AI_MODEL = 'gpt-4o';

export const aiSettingsSchema = z
  .object({
    /** aiAssistEnabled: the model rewrites recommendations and answers in the assistant. */
    enabled: z.boolean(),
    /** Whether a key is at hand for this session (saved, session-only or the server's). */
    hasKey: z.boolean(),
    /** rememberOpenaiKey: the key is sealed at rest; otherwise it lives only as long as this session. */
    remembered: z.boolean(),
    keySource: z.enum(AI_KEY_SOURCES),
    preferredModel: z.string(),
    /** The user's own OpenAI-compatible server, or null for the server's default. */
    baseUrl: z.string().nullable(),
    /** The address used when baseUrl is null (AI_API_BASE, else OpenAI's). */
    defaultBaseUrl: z.string(),
  })
  .meta({ id: 'AiSettings' });

const settingsFields = updateSettingsRequestSchema.shape;

/** An http(s) address with its /v1, as the OpenAI SDK's baseURL. */
const baseUrl = z
  .string({ error: 'The base URL must be an http(s) address, or null for the default' })
  .trim()
  .max(500, 'The base URL must be at most 500 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'The base URL must be an http(s) address such as https://api.openai.com/v1 (without a user name or password)')
  .transform((value) => value.replace(/\/+$/, ''))
  .nullable();

export const updateAiSettingsRequestSchema = z
  .strictObject(
    {
      aiAssistEnabled: settingsFields.aiAssistEnabled,
      preferredModel: settingsFields.preferredModel,
      rememberOpenaiKey: settingsFields.rememberOpenaiKey,
      /** Write-only: sealed in settings when remembered, else held for this session only. null removes it. */
      openaiApiKey: settingsFields.openaiApiKey,
      baseUrl: baseUrl.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown AI setting${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : undefined) },
  )
  .meta({ id: 'UpdateAiSettingsRequest' });

export const aiModelSchema = z.object({ id: z.string(), ownedBy: z.string() });

export const aiModelsResponseSchema = z
  .object({
    /** Chat models the key can use, the default (gpt-4o) first, then by name. */
    models: z.array(aiModelSchema),
    preferredModel: z.string(),
  })
  .meta({ id: 'AiModels' });

export const aiTestRequestSchema = z
  .strictObject({ model: settingsFields.preferredModel.optional() })
  .meta({ id: 'AiTestRequest' });

export const aiTestResponseSchema = z
  .object({
    ok: z.literal(true),
    model: z.string(),
    /** The model's few words back, proof the key and model work. */
    reply: z.string(),
    message: z.string(),
  })
  .meta({ id: 'AiTestResponse' });

export type AiSettingsView = z.infer<typeof aiSettingsSchema>;
export type UpdateAiSettingsRequest = z.infer<typeof updateAiSettingsRequestSchema>;
export type AiModels = z.infer<typeof aiModelsResponseSchema>;
export type AiTestResult = z.infer<typeof aiTestResponseSchema>;
