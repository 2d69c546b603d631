import { z } from 'zod';

/** SPEC.md sections 5 and 8, letter for letter: the forms and the server say the same. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 6 characters',
  passwordsDiffer: 'Passwords do not match',
  invalidCredentials: 'Invalid email or password',
  loginSuccessful: 'Login successful',
  registrationSuccessful: 'Registration successful',
  loggedOut: 'Logged out',
  verificationSent: 'Verification email sent',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Longer passwords only cost hashing time; no password manager makes them. */
export const MAX_PASSWORD_LENGTH = 256;
/** SPEC.md section 9: the verification link lives 24 hours, the resend button waits 30 seconds. */
export const VERIFICATION_LINK_HOURS = 24;
export const RESEND_COOLDOWN_SECONDS = 30;
export const PASSWORD_RESET_LINK_MINUTES = 60;

export const emailSchema = z.string().trim().max(254, AUTH_MESSAGES.invalidEmail).pipe(z.email(AUTH_MESSAGES.invalidEmail));
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.shortPassword).max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** A path inside this site ("/subscribe?plan=starter"), never another origin. */
export const localPathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with a single /');

export const loginRequestSchema = z
  .object({
    /** The login form sends the email as username (SPEC.md section 5). */
    username: emailSchema,
    password: passwordSchema,
    redirectTo: localPathSchema.optional(),
  })
  .meta({ id: 'LoginRequest' });

/** A new password, typed twice when the form has a confirmation field. */
const newPasswordFields = { password: passwordSchema, confirmPassword: z.string().max(MAX_PASSWORD_LENGTH).optional() };
const passwordsMatch = (body: { password: string; confirmPassword?: string | undefined }) => body.confirmPassword === undefined || body.confirmPassword === body.password;
const passwordsDiffer = { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirmPassword'] };

export const registerRequestSchema = z
  .object({ email: emailSchema, ...newPasswordFields })
  .refine(passwordsMatch, passwordsDiffer)
  .meta({ id: 'RegisterRequest' });

export const trialStatusSchema = z
  .object({
    /** Within the 14-day trial of a free account. */
    isTrialActive: z.boolean(),
    /** Whole days left in the trial, 0 once it ended. */
    daysRemaining: z.number().int(),
    trialEndDate: z.iso.datetime().nullable(),
    /** The trial ended and no paid plan replaced it: the app sends the user to /subscribe. */
    shouldRedirectToPayment: z.boolean(),
  })
  .meta({ id: 'TrialStatus' });

export const clientUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    fullName: z.string().nullable(),
    countryOfResidence: z.string().nullable(),
    contactPhone: z.string().nullable(),
    displayName: z.string().nullable(),
    profilePicture: z.string().nullable(),
    isGoogleAccount: z.boolean(),
    hasPassword: z.boolean(),
    plan: z.string(),
    recordQuota: z.number().int(),
    hasCompletedOnboarding: z.boolean(),
    isDemo: z.boolean(),
    createdAt: z.iso.datetime(),
    needsVerification: z.boolean(),
    needsProfileCompletion: z.boolean(),
    trialStatus: trialStatusSchema,
  })
  .meta({ id: 'User' });

export const loginResponseSchema = clientUserSchema
  .extend({
    message: z.string(),
    redirectTo: localPathSchema.optional(),
  })
  .meta({ id: 'LoginResponse' });

export const registerResponseSchema = z
  .object({
    message: z.string(),
    user: clientUserSchema,
    needsVerification: z.boolean(),
    needsProfileCompletion: z.boolean(),
    trialStatus: trialStatusSchema,
    /** Whether the verification email went out; the verification screen offers a resend either way. */
    verificationEmailSent: z.boolean(),
  })
  .meta({ id: 'RegisterResponse' });

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

export const sendVerificationRequestSchema = z.object({ email: emailSchema }).meta({ id: 'SendVerificationRequest' });

export const SEND_VERIFICATION_CODES = ['EMAIL_SENT', 'ALREADY_VERIFIED', 'RESEND_COOLDOWN', 'EMAIL_DELIVERY_FAILED', 'RATE_LIMITED'] as const;
export const sendVerificationResponseSchema = z
  .object({
    code: z.enum(SEND_VERIFICATION_CODES),
    message: z.string(),
    /** Seconds until another email may be requested. */
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: 'SendVerificationResponse' });

export const verifyEmailRequestSchema = z.object({ token: z.string().min(10).max(200) }).meta({ id: 'VerifyEmailRequest' });

export const passwordResetRequestSchema = z.object({ email: emailSchema }).meta({ id: 'PasswordResetRequest' });
export const passwordResetConfirmSchema = z
  .object({ token: z.string().min(10).max(200), ...newPasswordFields })
  .refine(passwordsMatch, passwordsDiffer)
  .meta({ id: 'PasswordResetConfirm' });

export const authProvidersSchema = z
  .object({
    google: z.boolean().describe('Whether Sign in with Google is configured on this server'),
  })
  .meta({ id: 'AuthProviders' });

export const devVerificationTokensSchema = z
  .object({
    users: z.array(
      z.object({
        email: z.string(),
        createdAt: z.iso.datetime(),
        verificationEmailSentAt: z.iso.datetime().nullable(),
        expiresAt: z.iso.datetime().nullable(),
        /** The link of the newest verification email in the development outbox, when there is one. */
        verifyUrl: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DevVerificationTokens' });

export type ClientUser = z.infer<typeof clientUserSchema>;
export type TrialStatus = z.infer<typeof trialStatusSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;
