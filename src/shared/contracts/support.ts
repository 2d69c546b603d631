import { z } from 'zod';
import { emailSchema } from './auth';

export const SUPPORT_TOPICS = ['account', 'hubspot', 'duplicates', 'billing', 'other'] as const;
export const SUPPORT_TOPIC_LABELS: Readonly<Record<(typeof SUPPORT_TOPICS)[number], string>> = {
  account: 'My account or signing in',
  hubspot: 'Connecting HubSpot or scans',
  duplicates: 'Duplicates and merging',
  billing: 'Plans and billing',
  other: 'Something else',
};

export const SUPPORT_MESSAGE_LIMITS = { name: 100, message: { min: 10, max: 5000 } } as const;

export const supportMessageRequestSchema = z
  .object({
    /** Where the answer goes. */
    email: emailSchema,
    name: z.string().trim().max(SUPPORT_MESSAGE_LIMITS.name, `Your name has at most ${SUPPORT_MESSAGE_LIMITS.name} characters`).optional(),
    topic: z.enum(SUPPORT_TOPICS, { error: 'Choose what your question is about' }),
    message: z
      .string()
      .trim()
      .min(SUPPORT_MESSAGE_LIMITS.message.min, `Tell us a little more: at least ${SUPPORT_MESSAGE_LIMITS.message.min} characters`)
      .max(SUPPORT_MESSAGE_LIMITS.message.max, `Keep it under ${SUPPORT_MESSAGE_LIMITS.message.max} characters`),
  })
  .meta({ id: 'SupportMessageRequest' });

export const supportMessageResponseSchema = z.object({ message: z.string() }).meta({ id: 'SupportMessageResponse' });

export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;
