import type { BillingStatus } from '../../../shared/contracts/billing';
import { PLANS, type Plan } from '../../../shared/plans';
import { serverMessage } from '../../lib/api-request';

export function planById(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** "Starter", or the trial / free account in words. */
export function tierName(tier: BillingStatus['tier']): string {
  if (tier === 'trial') return 'Free trial';
  if (tier === 'free') return 'Free';
  return planById(tier)?.name ?? tier;
}

/** "Trial: 3 days left" (SPEC.md has a 14-day trial). */
export function trialDaysLeft(daysLeft: number): string {
  return `Trial: ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** Stripe's subscription statuses, as a customer reads them. */
const SUBSCRIPTION_WORDS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Awaiting the first payment',
  incomplete_expired: 'Checkout not completed',
  paused: 'Paused',
};

export function subscriptionWords(status: string): string {
  return SUBSCRIPTION_WORDS[status] ?? status.replaceAll('_', ' ');
}

/** A date in the reader's own locale, such as "14 March 2025" or "March 14, 2025". */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}

const UNREACHABLE = 'The server did not answer. Check your connection and try again.';

/** The server's own words (not configured, a subscription exists already, ...), or why there were none. */
export function billingErrorMessage(error: unknown): string {
  return serverMessage(error) ?? UNREACHABLE;
}

export function recordLimitLabel(plan: Plan): string {
  return plan.recordLimit === null ? 'Unlimited records' : `Up to ${plan.recordLimit.toLocaleString('en-US')} records`;
}
