import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESEND_COOLDOWN_SECONDS,
  clientUserSchema,
  devVerificationTokensSchema,
  sendVerificationRequestSchema,
  sendVerificationResponseSchema,
  verifyEmailRequestSchema,
} from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { localOnly } from '../../http/local-only';
import { toClientUser, findUserByEmail } from '../accounts';
import { readOutbox } from '../notifications';
import type { AuthDependencies } from './auth-routes';
import { forgetDevices } from './known-devices';
import { currentSession } from './require-user';
import { tokenHash } from './secrets';
import { endAllSessions, startSession } from './sessions';
import { sendVerificationEmail } from './verification';

const verifiedResponseSchema = clientUserSchema.extend({ message: z.string() }).meta({ id: 'VerifiedUser' });

/** Email verification: send (again), complete, and the development helper of SPEC.md section 7. */
export function verificationRoutes({ db, config, mailer, limits }: AuthDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/send-verification',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send the verification email again (30 s apart)',
          body: sendVerificationRequestSchema,
          response: { 200: sendVerificationResponseSchema, 400: apiErrorSchema, 429: sendVerificationResponseSchema, 502: sendVerificationResponseSchema },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const wait = Math.max(await limits.verificationPerIp.count(request.ip), await limits.verificationPerAccount.count(email));
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many verification emails requested. Please try again later.', retryAfterSeconds: wait });
        }
        // Only the signed-in owner learns the address is verified; anyone else gets one answer
        // for unknown, unverified and verified addresses alike, cooldown included.
        const session = await currentSession(db, request);
        if (session?.user.email === email && session.user.emailVerified) {
          return { code: 'ALREADY_VERIFIED' as const, message: 'Your email address is already verified. You can sign in.' };
        }
        const cooldown = await limits.verificationCooldown.count(email);
        if (cooldown > 0) {
          reply.header('retry-after', String(cooldown));
          return reply.status(429).send({ code: 'RESEND_COOLDOWN', message: `Please wait ${cooldown} seconds before requesting another email.`, retryAfterSeconds: cooldown });
        }
        const sent = { code: 'EMAIL_SENT' as const, message: 'Please check your inbox to verify your email address', retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
        const user = await findUserByEmail(db, email);
        if (!user || user.emailVerified) return sent;
        try {
          await sendVerificationEmail(db, config, mailer, user);
        } catch (error) {
          // The cooldown starts only once an email went out: the user may retry at once.
          await limits.verificationCooldown.reset(email);
          request.log.warn({ err: error, userId: user.id }, 'verification email not sent');
          return reply.status(502).send({ code: 'EMAIL_DELIVERY_FAILED', message: 'We ran into an issue sending the email. Please try again in a moment.' });
        }
        return sent;
      },
    );

    app.post(
      '/api/auth/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Complete verification with the token from the emailed link; signs the user in',
          body: verifyEmailRequestSchema,
          response: { 200: verifiedResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await limits.tokensPerIp.take(request.ip, reply);
        const [user] = await db.select().from(users).where(eq(users.verificationToken, tokenHash(request.body.token))).limit(1);
        if (!user) throw new HttpError(400, 'TOKEN_INVALID', 'This verification link is not valid. It may have been used already, or a newer one was sent.');
        if (!user.verificationTokenExpiresAt || user.verificationTokenExpiresAt.getTime() < Date.now()) {
          throw new HttpError(400, 'TOKEN_EXPIRED', 'This verification link has expired. Sign in to get a new one.');
        }
        const now = new Date();
        const [verified] = await db
          .update(users)
          .set({ emailVerified: true, emailVerifiedAt: now, verificationToken: null, verificationTokenExpiresAt: null, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        // Whoever set the password is taken to own the mailbox, but no session or known device
        // from before the proof survives it: until now anyone could have made them.
        await endAllSessions(db, user.id);
        await forgetDevices(db, user.id);
        // The link proves the mailbox is theirs: they continue signed in, wherever they opened it.
        await startSession(db, config, request, reply, user.id);
        return { message: 'Your email address is verified.', ...toClientUser(verified!) };
      },
    );

    if (config.NODE_ENV === 'production') return;

    app.get(
      '/api/dev/verification-tokens',
      {
        // It lists other people's addresses and verification links: this machine only.
        onRequest: localOnly,
        schema: {
          tags: ['development'],
          summary: 'Unverified users and their newest verification links (not in production)',
          response: { 200: devVerificationTokensSchema, 404: apiErrorSchema },
        },
      },
      async () => {
        const pending = await db
          .select()
          .from(users)
          .where(and(eq(users.emailVerified, false), isNotNull(users.verificationToken)));
        if (pending.length === 0) throw new HttpError(404, 'NOT_FOUND', 'No unverified users found with verification tokens');
        const outbox = mailer.transport === 'outbox' ? await readOutbox(config.dataDir, { limit: 500 }) : [];
        return {
          users: pending.map((user) => ({
            email: user.email,
            createdAt: user.createdAt.toISOString(),
            verificationEmailSentAt: user.verificationEmailSentAt?.toISOString() ?? null,
            expiresAt: user.verificationTokenExpiresAt?.toISOString() ?? null,
            verifyUrl: outbox.find((email) => email.kind === 'verification' && email.to === user.email)?.link ?? null,
          })),
        };
      },
    );
  };
}
