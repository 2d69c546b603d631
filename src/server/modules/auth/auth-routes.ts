import type { FastifyBaseLogger } from 'fastify';
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
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { toClientUser, createLocalUser, findUserByEmail, markPastTrial, unsavedLocalUser } from '../accounts';
import { registrationAttemptEmail, type Mailer } from '../notifications';
import type { AuthRateLimits } from './auth-limits';
import { recognizedDevice } from './known-devices';
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

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

/** Register, sign in, sign out and the signed-in user: SPEC.md section 7. */
export function authRoutes({ db, config, mailer, limits }: AuthDependencies): FastifyPluginAsyncZod {
  /** Tells an owner someone registered with their address, at most hourly; a failure is only logged. */
  async function notifyOwnerOfRegistration(owner: User, log: FastifyBaseLogger): Promise<void> {
    if ((await limits.registrationNotice.count(owner.email)) > 0) return;
    try {
      await mailer.send({ to: owner.email, ...registrationAttemptEmail({ email: owner.email, signInUrl: `${config.publicUrl}/auth` }), kind: 'registration-attempt' });
    } catch (error) {
      log.warn({ err: error, userId: owner.id }, 'registration attempt notice not sent');
    }
  }

  return async (app) => {
    app.post(
      '/api/register',
      { schema: { tags: ['auth'], summary: 'Create an account; the emailed link signs it in', body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } } },
      async (request, reply) => {
        await limits.registerPerIp.take(request.ip, reply);
        const email = request.body.email.toLowerCase();
        // Hashed either way, so a taken address answers no faster than a free one.
        const passwordHash = await hashPassword(request.body.password);
        const existing = await findUserByEmail(db, email);
        let user: User;
        let verificationEmailSent = true;
        // Nobody is signed in here, so a taken address and a free one get the same headers as well
        // as the same body; the emailed link (POST /api/auth/verify) or a sign-in starts the session.
        if (existing) {
          // The answer a new account gets: only the owner's inbox learns of it.
          user = await unsavedLocalUser(db, email, passwordHash);
          await limits.verificationCooldown.count(email);
          await notifyOwnerOfRegistration(existing, request.log);
        } else {
          user = await createLocalUser(db, email, passwordHash);
          try {
            await sendVerificationEmail(db, config, mailer, user);
            await limits.verificationCooldown.count(email);
          } catch (error) {
            // The account stands; the verification screen offers to send the email again.
            verificationEmailSent = false;
            request.log.warn({ err: error, userId: user.id }, 'verification email not sent at registration');
          }
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
        const email = request.body.username.toLowerCase();
        const user = await findUserByEmail(db, email);
        // Looked up for unknown addresses too (id 0 is nobody's), so the time tells nothing.
        const knownDevice = await recognizedDevice(db, request, user?.id ?? 0);
        const attempt = await limits.login.admit({ email, ip: request.ip, knownDevice }, reply);
        // Unknown email and wrong password take the same time and get the same answer.
        const valid = await verifyPassword(user?.password, request.body.password);
        // A failure stays counted: admit() counted it before the password was checked.
        if (!user || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
        await limits.login.succeeded(attempt);
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
