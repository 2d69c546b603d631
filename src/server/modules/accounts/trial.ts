import type { TrialStatus } from '../../../shared/contracts/auth';
import { DEFAULT_PLAN, TRIAL_DAYS } from '../../../shared/defaults';

const DAY_MS = 86_400_000;

export function trialDates(start: Date): { trialStartDate: Date; trialEndDate: Date } {
  return { trialStartDate: start, trialEndDate: new Date(start.getTime() + TRIAL_DAYS * DAY_MS) };
}

/** The trial of a free account runs 14 days from registration; a paid plan ends the question. */
export function trialStatus(user: { plan: string; trialEndDate: Date | null }, now = new Date()): TrialStatus {
  const onFreePlan = user.plan === DEFAULT_PLAN;
  const end = user.trialEndDate;
  const remainingMs = end ? end.getTime() - now.getTime() : 0;
  const isTrialActive = onFreePlan && end !== null && remainingMs > 0;
  return {
    isTrialActive,
    daysRemaining: isTrialActive ? Math.ceil(remainingMs / DAY_MS) : 0,
    trialEndDate: end ? end.toISOString() : null,
    shouldRedirectToPayment: onFreePlan && !isTrialActive,
  };
}
