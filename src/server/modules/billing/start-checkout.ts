import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Plan } from '../../../shared/plans';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { priceIdFor } from './plan-prices';

/** Statuses in which a subscription still bills (or is about to): a second one would charge twice. */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** The user's Stripe customer, made once and kept in stripeCustomerId. */
export async function customerIdFor(db: Db, stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, ...(user.fullName ? { name: user.fullName } : {}), metadata: { userId: String(user.id) } },
    // Two clicks at once make one customer.
    { idempotencyKey: `datacleaner-customer-${user.id}` },
  );
  // Only the first writer's id is kept; a racing second request reads it back.
  await db.update(users).set({ stripeCustomerId: customer.id, updatedAt: new Date() }).where(eq(users.id, user.id));
  const [stored] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return stored?.id ?? customer.id;
}

/**
 * A Checkout Session for a plan; its URL is where the browser pays. A user who pays already is
 * sent to the Customer Portal instead, to change the plan there rather than pay twice.
 */
export async function startCheckout(db: Db, stripe: Stripe, config: Config, user: User, planId: Plan['id']): Promise<string> {
  if (user.stripeSubscriptionId && LIVE_STATUSES.has(user.subscriptionStatus ?? '')) return openPortal(stripe, config, user);
  const [customer, price] = await Promise.all([customerIdFor(db, stripe, user), priceIdFor(stripe, config, planId)]);
  const metadata = { userId: String(user.id), plan: planId };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(user.id),
    line_items: [{ price, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: `${config.publicUrl}/subscribe?checkout=success&plan=${planId}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${config.publicUrl}/subscribe?checkout=cancelled&plan=${planId}#plans`,
  });
  if (!session.url) throw new Error(`Stripe gave Checkout Session ${session.id} no URL`);
  return session.url;
}

/** The Customer Portal: change plan, update the card, see invoices, cancel. */
export async function openPortal(stripe: Stripe, config: Config, user: User): Promise<string> {
  if (!user.stripeCustomerId) throw new HttpError(409, 'NO_BILLING_ACCOUNT', 'There is no billing account yet: choose a plan first.');
  const session = await stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId, return_url: `${config.publicUrl}/settings#billing` });
  return session.url;
}
