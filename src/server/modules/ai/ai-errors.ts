import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { HttpError } from '../../http/errors';

/** Why the model cannot be asked, in codes the web app and the assistant act on. */
export const AI_ERROR_CODES = {
  keyInvalid: 'AI_KEY_INVALID',
  modelUnavailable: 'AI_MODEL_UNAVAILABLE',
  quotaExceeded: 'AI_QUOTA_EXCEEDED',
  rateLimited: 'AI_RATE_LIMITED',
  unreachable: 'AI_UNREACHABLE',
  timeout: 'AI_TIMEOUT',
  failed: 'AI_FAILED',
} as const;

/**
 * An OpenAI SDK failure as an HttpError in words. The provider's own message is never passed
 * on: it can quote part of the key, and it speaks to developers rather than to the user.
 */
export function mapAiError(error: unknown, model?: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new HttpError(504, AI_ERROR_CODES.timeout, 'The AI server took too long to answer. Try again in a moment, or check the base URL in Settings > AI.');
  }
  if (error instanceof APIConnectionError) {
    return new HttpError(502, AI_ERROR_CODES.unreachable, 'Could not reach the AI server. Check the base URL in Settings > AI, or try again later.');
  }
  if (!(error instanceof APIError)) return new HttpError(502, AI_ERROR_CODES.failed, 'The AI request failed. Please try again.');
  const which = model ? `the model ${model}` : 'this model';
  if (error.status === 401 || error.code === 'invalid_api_key') {
    return new HttpError(400, AI_ERROR_CODES.keyInvalid, 'The AI server did not accept your OpenAI API key. Check it in Settings > AI, or create a new one at platform.openai.com.');
  }
  if (error.status === 404 || error.code === 'model_not_found' || error.status === 403) {
    return new HttpError(400, AI_ERROR_CODES.modelUnavailable, `Your key has no access to ${which}. Choose another model in Settings > AI.`);
  }
  if (error.status === 429 && (error.code === 'insufficient_quota' || error.type === 'insufficient_quota')) {
    return new HttpError(402, AI_ERROR_CODES.quotaExceeded, "Your OpenAI account's quota is used up. Add credit or raise the limit in your OpenAI billing settings, then try again.");
  }
  if (error.status === 429) {
    return new HttpError(429, AI_ERROR_CODES.rateLimited, 'The AI server is rate limiting your key. Wait a minute and try again.');
  }
  if (error.status !== undefined && error.status >= 500) {
    return new HttpError(502, AI_ERROR_CODES.failed, 'The AI server had a problem answering. Please try again in a moment.');
  }
  return new HttpError(502, AI_ERROR_CODES.failed, 'The AI server refused the request. Please try again.');
}

/** What may be logged about an AI failure: never the message or headers, which may quote the key. */
export function aiErrorSummary(error: unknown): Record<string, unknown> {
  if (error instanceof APIError) return { status: error.status ?? null, code: error.code ?? null, type: error.type ?? null, kind: error.constructor.name };
  return { kind: error instanceof Error ? error.constructor.name : typeof error };
}
