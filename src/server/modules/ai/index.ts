/**
 * The AI client: the user's OpenAI key (sealed, or held for the session only), the server it
 * talks to, errors in words, the per-user limit, and Settings > AI.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { AI_CALLS_PER_WINDOW, aiClientFor, aiKeyFor, AiUnavailable, OPENAI_BASE_URL, openAiClient, takeAiCall } from './ai-client';
export type { AiConnection, AiDependencies, AiKey, AiSession, AiUnavailableReason } from './ai-client';
export { AI_ERROR_CODES, aiErrorSummary, mapAiError } from './ai-errors';
export { aiSettingsRoutes } from './ai-routes';
export { demoAiSettings } from './ai-settings';
export type { AiSettingsDependencies } from './ai-settings';
export { sessionKeys, SessionKeyStore } from './session-keys';
