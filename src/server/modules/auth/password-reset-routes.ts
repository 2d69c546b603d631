import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_RESET_LINK_MINUTES, messageResponseSchema, passwordResetConfirmSchema, passwordResetRequestSchema } from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { passwordResetTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findUserByEmail } from '../accounts';
import { passwordChangedEmail, passwordResetEmail } from '../notifications';
import type { AuthDependencies } from './auth-routes';
import { hashPassword, randomToken, tokenHash } from './secrets';
import { forgetDevices } from './known-devices';
import { endAllSessions, markDeviceKnown } from './sessions';

/** Forgotten passwords: a one-hour, one-use emailed link, then every session of the account ends. */
export function passwordResetRoutes({ db, config, mailer, limits }: AuthDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/password-reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Email a link to choose a new password',
          body: passwordResetRequestSchema,
          response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        await limits.passwordResetPerIp.take(request.ip, reply);
        await limits.passwordResetPerAccount.take(email, reply);
        const answer = { message: `If an account exists for ${email}, we have emailed it a link to choose a new password. The link works for one hour.` };
        const user = await findUserByEmail(db, email);
        if (!user) return answer;
        const token = randomToken();
        await db.insert(passwordResetTokens).values({ id: tokenHash(token), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_LINK_MINUTES * 60_000) });
        const resetUrl = `${config.publicUrl}/reset-password?token=${token}`;
        try {
          await mailer.send({ to: user.email, ...passwordResetEmail({ resetUrl, email: user.email }), kind: 'password-reset', link: resetUrl });
        } catch (error) {
          request.log.warn({ err: error, userId: user.id }, 'password reset email not sent');
          throw new HttpError(502, 'EMAIL_DELIVERY_FAILED', 'We ran into an issue sending the email. Please try again in a moment.');
        }
        return answer;
      },
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the emailed token; signs the account out everywhere',
          body: passwordResetConfirmSchema,
          response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await limits.tokensPerIp.take(request.ip, reply);
        const id = tokenHash(request.body.token);
        const now = new Date();
        // Claimed and used in one statement: two tabs submitting one link cannot both succeed.
        const [claimed] = await db
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
          .returning();
        if (!claimed) throw new HttpError(400, 'TOKEN_INVALID', 'This password reset link has expired or was already used. Please request a new one.');
        const [user] = await db
          .update(users)
          // The link reached their mailbox: that verifies the address as well as a verification link would.
          .set({ password: await hashPassword(request.body.password), emailVerified: true, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: now })
          .where(eq(users.id, claimed.userId))
          .returning();
        await endAllSessions(db, claimed.userId);
        // Browsers known to the old password are strangers now; the one that opened the link proved the mailbox is the owner's.
        await forgetDevices(db, claimed.userId);
        await markDeviceKnown(db, config, request, reply, claimed.userId);
        // Other outstanding links for the account stop working too.
        await db.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
        if (user) {
          await mailer
            .send({ to: user.email, ...passwordChangedEmail({ email: user.email, supportUrl: `${config.publicUrl}/support` }), kind: 'password-changed' })
            .catch((error: unknown) => request.log.warn({ err: error, userId: user.id }, 'password-changed email not sent'));
        }
        return { message: 'Your password has been changed. Sign in with your new password.' };
      },
    );
  };
}
