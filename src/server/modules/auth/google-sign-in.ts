import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from 'openid-client';
import { z } from 'zod';
import { authProvidersSchema, localPathSchema } from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { createUser, findUserByEmail } from '../accounts';
import type { AuthDependencies } from './auth-routes';
import { forgetDevices } from './known-devices';
import { cookieOptions, endAllSessions, startSession } from './sessions';

const OAUTH_COOKIE = 'dc_oauth';
/** The cookie only travels to the start and callback routes. */
const OAUTH_COOKIE_PATH = '/api/auth/google';
const PENDING_SIGN_IN_MS = 10 * 60_000;

/** What the browser carries from the start of a sign-in to its callback. */
const pendingSignInSchema = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  verifier: z.string().min(43).max(128),
  redirect: localPathSchema.optional(),
  startedAt: z.number(),
});
type PendingSignIn = z.infer<typeof pendingSignInSchema>;

/** The ID token claims we use; a malformed optional claim counts as absent. */
const googleProfileSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().max(254).pipe(z.email()).optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
  name: z.string().trim().min(1).max(200).optional().catch(undefined),
  picture: z.url({ protocol: /^https?$/ }).max(2048).optional().catch(undefined),
});
type GoogleProfile = z.infer<typeof googleProfileSchema>;

/** Error codes the /auth page receives in `?error=`. */
type SignInError = 'google' | 'google_unverified_email';
/** `claimed`: Google's proof of the address took over an account nobody had verified. */
type SignInOutcome = { user: User; claimed?: boolean } | { error: SignInError; reason: string };

const callbackQuerySchema = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
  })
  // Google adds scope, authuser, prompt and more; the OIDC client reads the whole query.
  .loose();

/** Sign in with Google: OpenID Connect authorization code flow with PKCE, state and nonce. */
export function googleSignInRoutes({ db, config, limits }: AuthDependencies): FastifyPluginAsyncZod {
  const configured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  const callbackUrl = `${config.publicUrl}/api/auth/google/callback`;
  const googleClient = discoveredClient(config);

  return async (app) => {
    app.get(
      '/api/auth/providers',
      { schema: { tags: ['auth'], summary: 'Sign-in methods this server offers besides email and password', response: { 200: authProvidersSchema } } },
      async () => ({ google: configured }),
    );

    app.get(
      '/api/auth/google',
      {
        schema: {
          tags: ['auth'],
          summary: 'Start Sign in with Google: redirects (302) to Google',
          querystring: z.object({
            redirect: z.string().optional().catch(undefined).describe('A path on this site to open after signing in; anything else is ignored'),
          }),
          response: { 404: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!configured) throw new HttpError(404, 'GOOGLE_NOT_CONFIGURED', 'Sign in with Google is not configured on this server.');
        let client: Configuration;
        try {
          client = await googleClient();
        } catch (error) {
          request.log.warn({ reason: describeError(error) }, 'Google OpenID Connect discovery failed');
          throw new HttpError(503, 'GOOGLE_UNAVAILABLE', 'Sign in with Google is unavailable right now. Please try again in a few minutes, or sign in with your email and password.');
        }
        const redirect = localPathSchema.safeParse(request.query.redirect);
        const pending: PendingSignIn = {
          state: randomState(),
          nonce: randomNonce(),
          verifier: randomPKCECodeVerifier(),
          ...(redirect.success ? { redirect: redirect.data } : {}),
          startedAt: Date.now(),
        };
        const authorizationUrl = buildAuthorizationUrl(client, {
          redirect_uri: callbackUrl,
          scope: 'openid email profile',
          state: pending.state,
          nonce: pending.nonce,
          code_challenge: await calculatePKCECodeChallenge(pending.verifier),
          code_challenge_method: 'S256',
          // People with several Google accounts choose one instead of getting the last used.
          prompt: 'select_account',
        });
        reply.setCookie(OAUTH_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
          ...cookieOptions(config, request, new Date(pending.startedAt + PENDING_SIGN_IN_MS)),
          path: OAUTH_COOKIE_PATH,
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(authorizationUrl.href);
      },
    );

    app.get(
      '/api/auth/google/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Where Google sends the browser back; signs in and redirects (302) into the app',
          querystring: callbackQuerySchema,
          response: { 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await limits.tokensPerIp.take(request.ip, reply);
        reply.header('cache-control', 'no-store');
        const pending = readPendingSignIn(request.cookies[OAUTH_COOKIE]);
        reply.clearCookie(OAUTH_COOKIE, { ...cookieOptions(config, request), path: OAUTH_COOKIE_PATH });
        const fail = (error: SignInError, reason: string) => {
          request.log.warn({ reason }, 'Google sign-in failed');
          return reply.redirect(`/auth?error=${error}`);
        };

        if (!configured) return fail('google', 'not configured');
        if (!pending) return fail('google', 'no sign-in in progress: cookie missing, malformed or expired');
        if (request.query.error) return fail('google', `Google answered error=${request.query.error.slice(0, 100)}`);

        let profile: GoogleProfile;
        try {
          const client = await googleClient();
          const currentUrl = new URL(callbackUrl);
          currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
          const tokens = await authorizationCodeGrant(client, currentUrl, {
            pkceCodeVerifier: pending.verifier,
            expectedState: pending.state,
            expectedNonce: pending.nonce,
          });
          profile = googleProfileSchema.parse(tokens.claims());
        } catch (error) {
          return fail('google', `code exchange or ID token check failed: ${describeError(error)}`);
        }

        const outcome = await findOrCreateGoogleUser(db, profile);
        if ('error' in outcome) return fail(outcome.error, outcome.reason);
        if (outcome.claimed) {
          // Whoever registered the address may not own it: nothing they opened survives.
          await endAllSessions(db, outcome.user.id);
          await forgetDevices(db, outcome.user.id);
        }
        await startSession(db, config, request, reply, outcome.user.id);
        // /auth sends a signed-in user on to profile setup or the dashboard.
        return reply.redirect(pending.redirect ?? '/auth');
      },
    );
  };
}

/** Discovers the issuer once; a failed discovery is tried again on the next sign-in. */
function discoveredClient(config: Config): () => Promise<Configuration> {
  let client: Promise<Configuration> | null = null;
  return () => {
    client ??= discover(config).catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };
}

function discover(config: Config): Promise<Configuration> {
  const issuer = new URL(config.GOOGLE_ISSUER);
  // Plain HTTP only for a test issuer on this machine.
  const loopback = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return discovery(issuer, config.GOOGLE_CLIENT_ID ?? '', config.GOOGLE_CLIENT_SECRET, undefined, {
    timeout: 10,
    ...(loopback ? { execute: [allowInsecureRequests] } : {}),
  });
}

function readPendingSignIn(cookie: string | undefined): PendingSignIn | null {
  if (!cookie || cookie.length > 2000) return null;
  try {
    const pending = pendingSignInSchema.parse(JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8')));
    // The browser drops the cookie after ten minutes too, but that is its choice, not ours.
    return Date.now() - pending.startedAt < PENDING_SIGN_IN_MS ? pending : null;
  } catch {
    return null;
  }
}

/**
 * The account for a Google identity: the one already linked to it, else the account with
 * the same email when Google vouches for that address, else a new one.
 */
async function findOrCreateGoogleUser(db: Db, profile: GoogleProfile): Promise<SignInOutcome> {
  const verified = profile.email_verified === true;
  const [linked] = await db.select().from(users).where(eq(users.googleId, profile.sub)).limit(1);
  if (linked) {
    // The address at Google may have changed since; the account keeps its own email.
    const sameEmail = profile.email?.toLowerCase() === linked.email;
    return { user: await fillFromGoogle(db, linked, profile, { verify: verified && sameEmail && !linked.emailVerified }) };
  }
  if (!profile.email) return { error: 'google', reason: 'the ID token has no email' };

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    // Linking on an address Google has not verified would hand the account to whoever typed it.
    if (!verified) return { error: 'google_unverified_email', reason: `Google has not verified the email of an existing account (user ${existing.id})` };
    if (existing.googleId) return { error: 'google', reason: `user ${existing.id} is linked to another Google account` };
    // An unverified account may have been registered by someone else before its owner came:
    // its password goes (the owner can set one by password reset). A verified one keeps it,
    // since its owner proved the address when they registered.
    const claim = !existing.emailVerified;
    const updated = await fillFromGoogle(db, existing, profile, { verify: true, link: true, clearPassword: claim });
    return updated.googleId === profile.sub ? { user: updated, claimed: claim } : { error: 'google', reason: `user ${existing.id} was linked to another Google account meanwhile` };
  }

  const now = new Date();
  const user = await createUser(db, {
    email: profile.email,
    password: null,
    provider: 'google',
    googleId: profile.sub,
    isGoogleAccount: true,
    displayName: profile.name ?? null,
    profilePicture: profile.picture ?? null,
    emailVerified: verified,
    emailVerifiedAt: verified ? now : null,
  });
  return { user };
}

/** Fills profile fields the account lacks, and links, verifies and drops the password when asked. Never overwrites the profile the user has. */
async function fillFromGoogle(db: Db, user: User, profile: GoogleProfile, options: { verify: boolean; link?: boolean; clearPassword?: boolean }): Promise<User> {
  const fillsProfile = (user.displayName === null && profile.name) || (user.profilePicture === null && profile.picture);
  if (!fillsProfile && !options.verify && !options.link) return user;
  const now = new Date();
  const [updated] = await db
    .update(users)
    .set({
      displayName: sql`coalesce(${users.displayName}, ${profile.name ?? null})`,
      profilePicture: sql`coalesce(${users.profilePicture}, ${profile.picture ?? null})`,
      ...(options.link ? { googleId: profile.sub, isGoogleAccount: true } : {}),
      ...(options.clearPassword ? { password: null } : {}),
      ...(options.verify
        ? { emailVerified: true, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, verificationToken: null, verificationTokenExpiresAt: null }
        : {}),
      updatedAt: now,
    })
    // A link only lands on an account no other Google identity took in the meantime.
    .where(options.link ? and(eq(users.id, user.id), isNull(users.googleId)) : eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** Names the failure for the log, never the tokens or the code. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? ` ${error.code}` : '';
  const oauthError = 'error' in error && typeof error.error === 'string' ? ` (${error.error})` : '';
  // openid-client wraps the precise check that failed ("unexpected state") as the cause.
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}${code}${oauthError}: ${error.message}${cause}`.slice(0, 500);
}
