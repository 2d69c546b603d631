/**
 * The data-quality assistant: tools over the user's own scans and mirror, answered by a model
 * (OpenAI function calling, streamed) or, for the starter questions, by the tools directly.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { assistantRoutes } from './assistant-routes';
export type { AssistantRoutesOptions } from './assistant-routes';
