import { eq } from 'drizzle-orm';
import { VERIFICATION_LINK_HOURS } from '../../../shared/contracts/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { verificationEmail, type Mailer } from '../notifications';
import { randomToken, tokenHash } from './secrets';

/**
 * Emails a new verification link (the previous one stops working). The resend cooldown
 * starts only once the email went out, so a failed send can be retried at once.
 */
export async function sendVerificationEmail(db: Db, config: Config, mailer: Mailer, user: User): Promise<void> {
  const token = randomToken();
  const verifyUrl = `${config.publicUrl}/verify?token=${token}`;
  await db
    .update(users)
    .set({ verificationToken: tokenHash(token), verificationTokenExpiresAt: new Date(Date.now() + VERIFICATION_LINK_HOURS * 3_600_000), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await mailer.send({ to: user.email, ...verificationEmail({ verifyUrl, email: user.email }), kind: 'verification', link: verifyUrl });
  await db.update(users).set({ verificationEmailSentAt: new Date() }).where(eq(users.id, user.id));
}
