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
