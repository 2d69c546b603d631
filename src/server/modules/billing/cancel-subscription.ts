import Stripe from 'stripe';
import type { Config } from '../../config';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { LIVE_STATUSES } from './start-checkout';
import { stripeFor } from './stripe-client';

const CANNOT_CANCEL = 'We could not cancel your subscription with Stripe, so your account was not deleted (it would keep being charged). Please try again in a few minutes, or contact support.';

/**
 * Ends the user's subscription now, before their account is deleted, so nobody keeps paying for
 * an account that no longer exists. Refuses (and so stops the deletion) when Stripe cannot be reached.
 */
export async function cancelSubscriptionOfDeletedAccount(config: Config, user: User, log: { warn(object: object, message: string): void }): Promise<void> {
  if (!user.stripeSubscriptionId || !LIVE_STATUSES.has(user.subscriptionStatus ?? '')) return;
  const stripe = stripeFor(config);
  if (!stripe) throw new HttpError(409, 'SUBSCRIPTION_NOT_CANCELLED', CANNOT_CANCEL);
  try {
    const subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    await stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
  } catch (error) {
    // Stripe has no such subscription: nothing bills, nothing to cancel.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
    log.warn({ userId: user.id, subscription: user.stripeSubscriptionId, error: error instanceof Error ? error.message : String(error) }, 'could not cancel the subscription of an account being deleted');
    throw new HttpError(502, 'SUBSCRIPTION_NOT_CANCELLED', CANNOT_CANCEL);
  }
}
