import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiModelsResponseSchema, aiSettingsSchema, aiTestRequestSchema, aiTestResponseSchema, updateAiSettingsRequestSchema } from '../../../shared/contracts/ai';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { requireUser, signedInUser } from '../auth';
import { listAiModels, readAiSettings, removeAiKey, testAi, updateAiSettings, type AiSettingsDependencies } from './ai-settings';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
/** What asking the AI server can answer besides success (see mapAiError and AiUnavailable). */
const upstreamErrors = { 400: apiErrorSchema, 402: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema, ...errors };
const tags = ['settings'];

/** Settings > AI: the key (write-only), the model, the server's address, and checks of them. */
export function aiSettingsRoutes(deps: AiSettingsDependencies): FastifyPluginAsyncZod {
  const guard = requireUser(deps.db);
  // The guard has loaded the session; its id (a hash) keys the session-only key.
  const session = (request: { currentSession?: { id: string } | null }) => (request.currentSession ? { id: request.currentSession.id } : null);

  return async (app) => {
    app.get(
      '/api/settings/ai',
      { preHandler: guard, schema: { tags, summary: 'My AI settings: whether a key is at hand and where it comes from (never the key)', response: { 200: aiSettingsSchema, ...errors } } },
      async (request) => readAiSettings(deps, signedInUser(request), session(request)),
    );

    app.put(
      '/api/settings/ai',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Change AI settings; a key not remembered is held for this session only, never stored',
          body: updateAiSettingsRequestSchema,
          response: { 200: aiSettingsSchema, 400: apiErrorSchema, ...errors },
        },
      },
      async (request) => updateAiSettings(deps, signedInUser(request), session(request), request.body),
    );

    app.delete(
      '/api/settings/ai/key',
      { preHandler: guard, schema: { tags, summary: 'Forget my OpenAI key, saved and in every session', response: { 200: aiSettingsSchema, ...errors } } },
      async (request) => removeAiKey(deps, signedInUser(request), session(request)),
    );

    app.get(
      '/api/settings/ai/models',
      { preHandler: guard, schema: { tags, summary: 'The chat models my key can use, the default (gpt-4o) first', response: { 200: aiModelsResponseSchema, ...upstreamErrors } } },
      async (request) => listAiModels(deps, signedInUser(request), session(request)),
    );

    app.post(
      '/api/settings/ai/test',
      {
        preHandler: guard,
        schema: { tags, summary: 'Check my key and model with a tiny completion', body: aiTestRequestSchema, response: { 200: aiTestResponseSchema, ...upstreamErrors } },
      },
      async (request) => testAi(deps, signedInUser(request), session(request), request.body.model),
    );
  };
}
