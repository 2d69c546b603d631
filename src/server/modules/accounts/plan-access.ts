import { PLANS, type Plan } from '../../../shared/plans';
import type { User } from '../../db/schema';
import { trialStatus } from './trial';

/**
 * The plan whose features a user has now: their paid plan, or Professional during the
 * free trial (DESIGN.md), or none once a free trial has ended.
 */
export function effectivePlan(user: Pick<User, 'plan' | 'trialEndDate'>, now = new Date()): Plan | null {
  const paid = PLANS.find((plan) => plan.id === user.plan);
  if (paid) return paid;
  return trialStatus(user, now).isTrialActive ? PLANS.find((plan) => plan.id === 'professional')! : null;
}

/** Daily scans are a Professional feature (SPEC.md section 6). */
export function allowsDailySchedule(user: Pick<User, 'plan' | 'trialEndDate'>): boolean {
  const plan = effectivePlan(user);
  return plan !== null && plan.id !== 'starter';
}

export const CHAT_NOTIFICATIONS_NEED_PROFESSIONAL = 'Slack notifications are part of the Professional plan. Upgrade to Professional to get scan results in Slack, or use email notifications.';

/** Chat (Slack) notifications are a Professional feature (SPEC.md section 6). */
export function allowsChatNotifications(user: Pick<User, 'plan' | 'trialEndDate'>, now = new Date()): boolean {
  const plan = effectivePlan(user, now);
  return plan !== null && plan.id !== 'starter';
}

/** Weekly health reports come with every plan from Starter (SPEC.md section 6), and the trial. */
export function allowsWeeklyReports(user: Pick<User, 'plan' | 'trialEndDate'>, now = new Date()): boolean {
  return effectivePlan(user, now) !== null;
}
