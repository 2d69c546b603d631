/**
 * What a verified Stripe event changes. Stripe's webhooks are the only writer of a paid plan.
 * Each event is applied once (its id goes into billing_events in the same transaction), and the
 * subscription is read back from Stripe rather than taken from the event, so a late, replayed or
 * out-of-order event applies the current state, never an old one.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { DEFAULT_PLAN, DEFAULT_RECORD_QUOTA } from '../../../shared/defaults';
import { PLANS } from '../../../shared/plans';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { billingEvents, users, type User } from '../../db/schema';
import { trialStatus } from '../accounts';
import { planOfPrice } from './plan-prices';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Statuses that keep the paid plan: past_due too, while Stripe retries the card. */
const PAID_ACCESS = new Set(['active', 'trialing', 'past_due']);
const PAYMENT_FAILING = new Set(['past_due', 'unpaid']);
/** users.record_quota is an integer: "unlimited" is its largest value. */
export const UNLIMITED_RECORD_QUOTA = 2_147_483_647;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

interface EventSubject {
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
  invoiceId: string | null;
}

function subjectOf(event: Stripe.Event): EventSubject | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return { subscriptionId: idOf(session.subscription), customerId: idOf(session.customer), userId: session.metadata?.userId ?? session.client_reference_id, invoiceId: null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { subscriptionId: subscription.id, customerId: idOf(subscription.customer), userId: subscription.metadata.userId ?? null, invoiceId: null };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      return { subscriptionId: idOf(details?.subscription), customerId: idOf(invoice.customer), userId: details?.metadata?.userId ?? null, invoiceId: invoice.id ?? null };
    }
    default:
      return null;
  }
}

async function currentSubscription(stripe: Stripe, event: Stripe.Event, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    // Gone from Stripe altogether: the event's own copy is the last word there is.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return event.data.object.object === 'subscription' ? (event.data.object as Stripe.Subscription) : null;
    }
    throw error;
  }
}

/** The account an event is about: named in our metadata (if its customer agrees), else by customer id. */
async function findUser(db: Db, subject: EventSubject): Promise<User | null> {
  const userId = Number(subject.userId);
  if (Number.isInteger(userId) && userId > 0) {
    const [named] = await db.select().from(users).where(eq(users.id, userId));
    if (named && (!named.stripeCustomerId || named.stripeCustomerId === subject.customerId)) return named;
  }
  if (!subject.customerId) return null;
  const [byCustomer] = await db.select().from(users).where(eq(users.stripeCustomerId, subject.customerId));
  return byCustomer ?? null;
}

/** The user's billing fields for a subscription as Stripe has it now. */
export function subscriptionFields(config: Config, user: User, subscription: Stripe.Subscription, failedInvoiceOpen: boolean, readAt: Date): Partial<User> {
  const item = subscription.items.data[0];
  const planId = item && PAID_ACCESS.has(subscription.status) ? planOfPrice(config, item.price) : null;
  const plan = PLANS.find((candidate) => candidate.id === planId);
  const paying = PAYMENT_FAILING.has(subscription.status) || (failedInvoiceOpen && PAID_ACCESS.has(subscription.status));
  const fields = {
    plan: plan?.id ?? DEFAULT_PLAN,
    stripeCustomerId: user.stripeCustomerId ?? idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.status !== 'canceled'),
    recordQuota: plan ? (plan.recordLimit ?? UNLIMITED_RECORD_QUOTA) : DEFAULT_RECORD_QUOTA,
    paymentFailedAt: paying ? (user.paymentFailedAt ?? readAt) : null,
    billingUpdatedAt: readAt,
    updatedAt: readAt,
  };
  // A paying user is not "past the trial"; back on free, the trial's own end decides again.
  return { ...fields, isPastTrial: trialStatus({ plan: fields.plan, trialEndDate: user.trialEndDate }).shouldRedirectToPayment };
}

/** An old subscription's news must not undo a newer one that still bills. */
function supersedes(user: User, subscription: Stripe.Subscription): boolean {
  if (!user.stripeSubscriptionId || user.stripeSubscriptionId === subscription.id) return true;
  return !PAID_ACCESS.has(user.subscriptionStatus ?? '') || PAID_ACCESS.has(subscription.status);
}

export async function handleStripeEvent(db: Db, stripe: Stripe, config: Config, event: Stripe.Event): Promise<EventOutcome> {
  const [seen] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id));
  if (seen) return 'duplicate';
  const subject = subjectOf(event);
  const user = subject ? await findUser(db, subject) : null;
  // Stripe's state is read before the transaction: no network wait while rows are locked.
  const readAt = new Date();
  const subscription = subject?.subscriptionId && user ? await currentSubscription(stripe, event, subject.subscriptionId) : null;
  const failedInvoiceOpen = event.type === 'invoice.payment_failed' && subject?.invoiceId && subscription ? (await stripe.invoices.retrieve(subject.invoiceId)).status === 'open' : false;

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, userId: user?.id ?? null, createdAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (inserted.length === 0) return 'duplicate';
    if (!user || !subscription) return 'ignored';
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    // Gone meanwhile, or a handler that read Stripe later has written already: its state is newer.
    if (!locked || (locked.billingUpdatedAt && locked.billingUpdatedAt > readAt) || !supersedes(locked, subscription)) return 'ignored';
    await tx
      .update(users)
      .set(subscriptionFields(config, locked, subscription, failedInvoiceOpen, readAt))
      .where(eq(users.id, locked.id));
    return 'applied';
  });
}
