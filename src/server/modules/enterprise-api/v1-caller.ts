import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { ApiCaller } from './v1-auth';

/** Every /api/v1 operation is grouped under this tag, in both OpenAPI documents. */
export const V1_TAGS = ['v1'];

/** The errors any keyed call may answer: bad input, no or bad key, plan, another user's id, quota. */
export const V1_ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/** Set by the keyed plugin's key check, before any route runs. */
export function setCaller(request: FastifyRequest, caller: ApiCaller): void {
  callers.set(request, caller);
}

export function knownCaller(request: FastifyRequest): ApiCaller | undefined {
  return callers.get(request);
}

/** Who an /api/v1 call acts for: the key's user, never anyone else. */
export function callerOf(request: FastifyRequest): ApiCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('An /api/v1 route ran without its key check');
  return caller;
}
