import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  clientUserSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  type LoginResponse,
} from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { toClientUser, createLocalUser, findUserByEmail, markPastTrial } from '../accounts';
import type { Mailer } from '../notifications';
import type { AuthRateLimits } from './rate-limiter';
import { currentSession } from './require-user';
import { hashPassword, verifyPassword } from './secrets';
import { endSession, startSession } from './sessions';
import { sendVerificationEmail } from './verification';

export interface AuthDependencies {
  db: Db;
  config: Config;
  mailer: Mailer;
  limits: AuthRateLimits;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Register, sign in, sign out and the signed-in user: SPEC.md section 7. */
export function authRoutes({ db, config, mailer, limits }: AuthDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/register',
      { schema: { tags: ['auth'], summary: 'Create an account and sign in', body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } } },
      async (request, reply) => {
        limits.registerPerIp.take(request.ip, reply);
        const email = request.body.email.toLowerCase();
        if (await findUserByEmail(db, email)) {
          throw new HttpError(409, 'EMAIL_TAKEN', 'An account with this email already exists. Sign in instead, or reset your password.');
        }
        const user = await createLocalUser(db, email, await hashPassword(request.body.password));
        await startSession(db, config, request, reply, user.id);
        let verificationEmailSent = true;
        try {
          await sendVerificationEmail(db, config, mailer, user);
        } catch (error) {
          // The account stands; the verification screen offers to send the email again.
          verificationEmailSent = false;
          request.log.warn({ err: error, userId: user.id }, 'verification email not sent at registration');
        }
        const client = toClientUser(user);
        return reply.status(201).send({
          message: AUTH_MESSAGES.registrationSuccessful,
          user: client,
          needsVerification: client.needsVerification,
          needsProfileCompletion: client.needsProfileCompletion,
          trialStatus: client.trialStatus,
          verificationEmailSent,
        });
      },
    );

    app.post(
      '/api/login',
      { schema: { tags: ['auth'], summary: 'Sign in with email (as username) and password', body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } } },
      async (request, reply) => {
        limits.loginPerIp.take(request.ip, reply);
        const email = request.body.username.toLowerCase();
        limits.loginFailuresPerAccount.check(email, reply);
        const user = await findUserByEmail(db, email);
        // Unknown email and wrong password take the same time and get the same answer.
        const valid = await verifyPassword(user?.password, request.body.password);
        if (!user || !valid) {
          limits.loginFailuresPerAccount.count(email);
          throw new HttpError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
        }
        limits.loginFailuresPerAccount.reset(email);
        await startSession(db, config, request, reply, user.id);
        const body: LoginResponse = { message: AUTH_MESSAGES.loginSuccessful, ...toClientUser(await markPastTrial(db, user)) };
        if (request.body.redirectTo) body.redirectTo = request.body.redirectTo;
        return body;
      },
    );

    app.post(
      '/api/logout',
      { schema: { tags: ['auth'], summary: 'Sign out: the session ends on the server', response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        await endSession(db, config, request, reply);
        return { message: AUTH_MESSAGES.loggedOut };
      },
    );

    app.get(
      '/api/user',
      { schema: { tags: ['auth'], summary: 'The signed-in user; 401 when signed out', response: { 200: clientUserSchema, 401: apiErrorSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const session = await currentSession(db, request);
        if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in.');
        return toClientUser(await markPastTrial(db, session.user));
      },
    );
  };
}
