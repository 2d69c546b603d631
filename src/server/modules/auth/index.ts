/**
 * Sign-in: sessions, passwords, verification and reset, the guard every signed-in route uses.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { authRoutes } from './auth-routes';
export type { AuthDependencies } from './auth-routes';
export { googleSignInRoutes } from './google-sign-in';
export { passwordResetRoutes } from './password-reset-routes';
export { purgeExpiredSessions } from './purge-expired-sessions';
export { authRateLimits } from './auth-limits';
export { Limit } from './rate-limiter';
export { currentSession, requireUser, signedInUser } from './require-user';
export { randomToken, verifyPassword } from './secrets';
export { cookieOptions, endSession, SESSION_COOKIE } from './sessions';
export { verificationRoutes } from './verification-routes';
