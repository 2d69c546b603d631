import { z } from 'zod';
import { PLANS } from '../plans';

const paidPlanIds = PLANS.map((plan) => plan.id) as [string, ...string[]];
export const paidPlanSchema = z.enum(paidPlanIds as ['starter', 'professional', 'enterprise'], { error: `plan must be one of ${paidPlanIds.join(', ')}` });

export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this server';

/** The account's plan and subscription as /subscribe, Settings and the banners show them. */
export const billingStatusSchema = z
  .object({
    /** Whether this server takes payments (STRIPE_SECRET_KEY set); when false, /subscribe says BILLING_NOT_CONFIGURED. */
    configured: z.boolean(),
    /** The paid plan, or free. */
    plan: z.enum(['free', 'starter', 'professional', 'enterprise']),
    /** What the account is on now: the paid plan, the trial, or free. */
    tier: z.enum(['free', 'trial', 'starter', 'professional', 'enterprise']),
    trial: z.object({
      active: z.boolean(),
      /** Whole days left, 0 once ended. */
      daysLeft: z.number().int(),
      endsAt: z.iso.datetime().nullable(),
    }),
    /** Null before the first payment. */
    subscription: z
      .object({
        /** Stripe's status: active, past_due, canceled, incomplete, ... */
        status: z.string(),
        /** The end of the paid period (the next renewal, or when a cancelled plan ends). */
        currentPeriodEnd: z.iso.datetime().nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    /** A payment failed and no later one succeeded: show the banner with the portal link. */
    paymentFailed: z.boolean(),
    /** Whether the Customer Portal can be opened (a Stripe customer exists). */
    portalAvailable: z.boolean(),
  })
  .meta({ id: 'BillingStatus' });

export const checkoutRequestSchema = z.strictObject({ plan: paidPlanSchema }).meta({ id: 'CheckoutRequest' });

export const redirectResponseSchema = z
  .object({
    /** Where the browser goes next: Stripe's hosted Checkout or Customer Portal. */
    url: z.url(),
  })
  .meta({ id: 'BillingRedirect' });

export type BillingStatus = z.infer<typeof billingStatusSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
