/** HubSpot's error responses: a thrown HubSpotHttpError becomes the status, body and headers. */
import { randomUUID } from 'node:crypto';

export class HubSpotHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HubSpot error ${statusCode}`);
    this.name = 'HubSpotHttpError';
  }
}

export type ErrorCategory =
  | 'VALIDATION_ERROR'
  | 'INVALID_AUTHENTICATION'
  | 'EXPIRED_AUTHENTICATION'
  | 'MISSING_SCOPES'
  | 'OBJECT_NOT_FOUND'
  | 'CONFLICT'
  | 'INTERNAL_ERROR';

export function errorBody(message: string, category: ErrorCategory, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: 'error', message, correlationId: randomUUID(), category, ...extra };
}

export function validationError(message: string, extra: Record<string, unknown> = {}): HubSpotHttpError {
  return new HubSpotHttpError(400, errorBody(message, 'VALIDATION_ERROR', extra));
}

export function notFound(message: string, context?: Record<string, string[]>): HubSpotHttpError {
  return new HubSpotHttpError(404, errorBody(message, 'OBJECT_NOT_FOUND', context ? { context } : {}));
}

const NO_CREDENTIALS =
  'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview';

export function invalidAuthentication(): HubSpotHttpError {
  return new HubSpotHttpError(401, errorBody(NO_CREDENTIALS, 'INVALID_AUTHENTICATION'));
}

export function expiredAuthentication(expiredAt: number, now: number): HubSpotHttpError {
  const ago = Math.max(1, Math.round((now - expiredAt) / 1000));
  return new HubSpotHttpError(
    401,
    errorBody(`The OAuth token used to make this call expired ${ago} second(s) ago.`, 'EXPIRED_AUTHENTICATION', {
      context: { 'expire time': [new Date(expiredAt).toISOString()] },
    }),
  );
}

export function missingScopes(requiredScopes: readonly string[]): HubSpotHttpError {
  return new HubSpotHttpError(
    403,
    errorBody(
      "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
      'MISSING_SCOPES',
      {
        errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: [...requiredScopes] } }],
        links: { scopes: 'https://developers.hubspot.com/scopes' },
      },
    ),
  );
}

export function conflict(message: string): HubSpotHttpError {
  return new HubSpotHttpError(409, errorBody(message, 'CONFLICT'));
}

export type RateLimitPolicy = 'TEN_SECONDLY_ROLLING' | 'DAILY' | 'SECONDLY';

const POLICY_WORDS: Record<RateLimitPolicy, string> = {
  TEN_SECONDLY_ROLLING: 'ten_secondly_rolling',
  DAILY: 'daily',
  SECONDLY: 'secondly',
};

/** HubSpot's 429 body, key for key; it comes without a Retry-After header. */
export function rateLimitBody(policy: RateLimitPolicy): Record<string, unknown> {
  return {
    status: 'error',
    message: `You have reached your ${POLICY_WORDS[policy]} limit.`,
    errorType: 'RATE_LIMIT',
    correlationId: randomUUID(),
    policyName: policy,
  };
}

export function internalError(): Record<string, unknown> {
  return errorBody('internal error', 'INTERNAL_ERROR');
}

/** OAuth endpoints answer in their own shape: the error code in `status`. */
export function oauthError(status: string, message: string): HubSpotHttpError {
  return new HubSpotHttpError(400, { status, message, correlationId: randomUUID() });
}
