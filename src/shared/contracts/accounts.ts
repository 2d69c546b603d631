import { z } from 'zod';

const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const profileRequestSchema = z
  .object({
    fullName: requiredText('Full name', 120),
    countryOfResidence: requiredText('Country of residence', 80),
    contactPhone: requiredText('Contact phone', 40).regex(/^[+()0-9 .\-/x]{5,40}$/i, 'Please enter a valid phone number'),
  })
  .meta({ id: 'ProfileRequest' });

export const deleteAccountRequestSchema = z
  .object({
    /** Accounts with a password confirm with it. */
    password: z.string().max(256).optional(),
    /** Accounts without one (Google sign-in only) type their email address instead. */
    confirmEmail: z.string().max(254).optional(),
  })
  .meta({ id: 'DeleteAccountRequest' });

export type ProfileRequest = z.infer<typeof profileRequestSchema>;
