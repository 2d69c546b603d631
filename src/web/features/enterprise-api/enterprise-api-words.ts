import type { ClientUser } from '../../../shared/contracts/auth';
import { PLAN_CAPABILITIES, type PlanCapabilities, type PlanTier } from '../../../shared/plans';
import { serverMessage } from '../../lib/api-request';

/** What the account is on now, as the server's planTier reads it: the paid plan, else the trial, else free. */
export function tierOfUser(user: Pick<ClientUser, 'plan' | 'trialStatus'>): PlanTier {
  if (user.plan !== 'free' && user.plan in PLAN_CAPABILITIES) return user.plan as PlanTier;
  return user.trialStatus?.isTrialActive ? 'trial' : 'free';
}

export function capabilitiesOfUser(user: Pick<ClientUser, 'plan' | 'trialStatus'>): PlanCapabilities {
  return PLAN_CAPABILITIES[tierOfUser(user)];
}

/** Dates and times in the reader's own locale. */
export function formatDateTime(iso: string | null, locale?: string): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number, locale?: string): string {
  return value.toLocaleString(locale);
}

/** The server's own words when it gave any (the demo's read-only note among them). */
export function writeErrorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
