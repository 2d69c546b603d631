import { RESEND_COOLDOWN_SECONDS } from '../../../shared/contracts/auth';
import type { Db } from '../../db/client';
import { LoginLimits } from './login-limits';
import { Limit } from './rate-limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Limits on the sign-in, sign-up, verification, password-reset and token routes. */
export function authRateLimits(db: Db) {
  return {
    login: new LoginLimits(db),
    registerPerIp: new Limit(db, 'register-ip', 20, HOUR),
    verificationPerIp: new Limit(db, 'verification-ip', 20, HOUR),
    verificationPerAccount: new Limit(db, 'verification-account', 10, HOUR),
    /** One verification email per address per cooldown, whether or not the address has an account. */
    verificationCooldown: new Limit(db, 'verification-cooldown', 1, RESEND_COOLDOWN_SECONDS),
    /** The "someone tried to register with your address" notice, at most hourly per address. */
    registrationNotice: new Limit(db, 'registration-notice', 1, HOUR),
    passwordResetPerIp: new Limit(db, 'password-reset-ip', 20, HOUR),
    passwordResetPerAccount: new Limit(db, 'password-reset-account', 5, HOUR),
    tokensPerIp: new Limit(db, 'tokens-ip', 30, 15 * MINUTE),
  };
}

export type AuthRateLimits = ReturnType<typeof authRateLimits>;
