import { PLAN_CAPABILITIES, PLANS, type Plan, type PlanCapabilities, type PlanTier } from '../../../shared/plans';
import type { User } from '../../db/schema';
import { trialStatus } from './trial';

type PlanFields = Pick<User, 'plan' | 'trialEndDate'>;

/**
 * What the account is on now: its paid plan (Stripe's webhooks are the only writer of one),
 * else the trial while it lasts, else free. Every gate reads PLAN_CAPABILITIES through this.
 */
export function planTier(user: PlanFields, now = new Date()): PlanTier {
  if (PLANS.some((plan) => plan.id === user.plan)) return user.plan as Plan['id'];
  return trialStatus(user, now).isTrialActive ? 'trial' : 'free';
}

export function capabilitiesOf(user: PlanFields, now = new Date()): PlanCapabilities {
  return PLAN_CAPABILITIES[planTier(user, now)];
}

/**
 * The plan whose features a user has now: their paid plan, or Professional during the
 * free trial (DESIGN.md), or none once a free trial has ended.
 */
export function effectivePlan(user: PlanFields, now = new Date()): Plan | null {
  const tier = planTier(user, now);
  if (tier === 'free') return null;
  return PLANS.find((plan) => plan.id === (tier === 'trial' ? 'professional' : tier))!;
}

/** Daily scans are a Professional feature (SPEC.md section 6). */
export function allowsDailySchedule(user: PlanFields, now = new Date()): boolean {
  return capabilitiesOf(user, now).dailyScans;
}

export const CHAT_NOTIFICATIONS_NEED_PROFESSIONAL = 'Slack notifications are part of the Professional plan. Upgrade to Professional to get scan results in Slack, or use email notifications.';

/** Chat (Slack) notifications are a Professional feature (SPEC.md section 6). */
export function allowsChatNotifications(user: PlanFields, now = new Date()): boolean {
  return capabilitiesOf(user, now).chatNotifications;
}

/** Weekly health reports come with every plan from Starter (SPEC.md section 6), and the trial. */
export function allowsWeeklyReports(user: PlanFields, now = new Date()): boolean {
  return capabilitiesOf(user, now).weeklyReports;
}

/** Automatic duplicate cleanup is a Professional feature (SPEC.md section 6); the trial has it too. */
export function allowsAutomaticCleanup(user: PlanFields, now = new Date()): boolean {
  return capabilitiesOf(user, now).automaticCleanup;
}
