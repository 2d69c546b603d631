import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { needsProfileCompletion, trialStatus } from '../accounts';
import { readSession, type CurrentSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded once per request by the first guard or route that asks. */
    currentSession?: CurrentSession | null;
  }
}

export const GUARD_ERRORS = {
  unauthenticated: () => new HttpError(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
  unverified: () => new HttpError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address to continue. We sent you a link when you registered.'),
  incompleteProfile: () => new HttpError(403, 'PROFILE_INCOMPLETE', 'Please complete your profile to continue.'),
  trialExpired: () => new HttpError(403, 'TRIAL_EXPIRED', 'Your free trial has ended. Choose a plan to continue.'),
};

/** What a route lets through that the app's route guard (SPEC.md section 2) would send elsewhere. */
export interface Access {
  unverified?: boolean;
  incompleteProfile?: boolean;
  expiredTrial?: boolean;
}

export async function currentSession(db: Db, request: FastifyRequest): Promise<CurrentSession | null> {
  if (request.currentSession === undefined) request.currentSession = await readSession(db, request);
  return request.currentSession;
}

/**
 * A preHandler for non-public routes: 401 without a session, 403 with a code where the web
 * app's guard would redirect (to /auth, /profile/setup or /subscribe), in the guard's order.
 */
export function requireUser(db: Db, access: Access = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await currentSession(db, request);
    if (!session) throw GUARD_ERRORS.unauthenticated();
    const { user } = session;
    if (!access.unverified && !user.emailVerified) throw GUARD_ERRORS.unverified();
    if (!access.incompleteProfile && needsProfileCompletion(user)) throw GUARD_ERRORS.incompleteProfile();
    if (!access.expiredTrial && trialStatus(user).shouldRedirectToPayment) throw GUARD_ERRORS.trialExpired();
  };
}

/** The user a guarded route serves. */
export function signedInUser(request: FastifyRequest): User {
  const user = request.currentSession?.user;
  if (!user) throw GUARD_ERRORS.unauthenticated();
  return user;
}
