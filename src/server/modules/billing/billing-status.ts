import type { BillingStatus } from '../../../shared/contracts/billing';
import { PLANS } from '../../../shared/plans';
import type { User } from '../../db/schema';
import { planTier, trialStatus } from '../accounts';

/** What /subscribe, Settings and the payment banner show about the account. */
export function billingStatus(user: User, configured: boolean, now = new Date()): BillingStatus {
  const trial = trialStatus(user, now);
  const plan = PLANS.find((candidate) => candidate.id === user.plan)?.id ?? 'free';
  return {
    configured,
    plan,
    tier: planTier(user, now),
    trial: { active: trial.isTrialActive, daysLeft: trial.daysRemaining, endsAt: trial.trialEndDate },
    subscription: user.subscriptionStatus
      ? { status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: user.cancelAtPeriodEnd }
      : null,
    paymentFailed: user.paymentFailedAt !== null,
    portalAvailable: configured && user.stripeCustomerId !== null,
  };
}
