import { DEFAULT_API_DAILY_LIMIT, DEFAULT_API_MONTHLY_LIMIT } from './defaults';
/** The plan catalog of SPEC.md section 9; seeded into the `plans` table at start-up. */
export interface Plan {
  id: 'starter' | 'professional' | 'enterprise';
  name: string;
  description: string;
  /** US dollars per month. */
  pricePerMonth: number;
  features: string[];
  /** Records a scan may cover; null means unlimited. */
  recordLimit: number | null;
  mostPopular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For small teams that want to see how healthy their CRM is.',
    pricePerMonth: 9,
    features: ['Basic health metrics', 'Manual scans', 'Email reports', 'Weekly health reports'],
    recordLimit: 10_000,
    mostPopular: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For growing teams that keep their CRM clean automatically.',
    pricePerMonth: 29,
    features: [
      'Everything in Starter',
      'Automatic duplicate cleanup',
      'Daily scan schedule',
      'Full API access',
      'Chat notifications',
      'Priority processing',
    ],
    recordLimit: 50_000,
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For large portals with custom needs.',
    pricePerMonth: 199,
    features: ['Everything in Professional', 'Custom integrations', 'Unlimited records', 'Dedicated support'],
    recordLimit: null,
    mostPopular: false,
  },
];

/** What a user's account is on now: a paid plan, the free trial (Professional's features), or nothing paid. */
export type PlanTier = 'free' | 'trial' | Plan['id'];

export type ApiAccess = 'none' | 'basic' | 'full';

/** What each plan may do and how much (SPEC.md section 6, DESIGN.md "Plans, gates and limits"). */
export interface PlanCapabilities {
  /** Manual and scheduled scans at all. */
  scans: boolean;
  dailyScans: boolean;
  automaticCleanup: boolean;
  apiAccess: ApiAccess;
  chatNotifications: boolean;
  weeklyReports: boolean;
  webhooks: boolean;
  /** pg-boss priority of its scans: higher runs first when workers are busy ("priority processing"). */
  queuePriority: number;
  /** Records a scan analyses per object type; null means unlimited. */
  recordLimit: number | null;
  /** /api/v1 calls per UTC day and per UTC month (SPEC.md's quota; Enterprise raised). */
  apiDailyLimit: number;
  apiMonthlyLimit: number;
}

const byId = (id: Plan['id']) => PLANS.find((plan) => plan.id === id)!;
const API_QUOTA = { apiDailyLimit: DEFAULT_API_DAILY_LIMIT, apiMonthlyLimit: DEFAULT_API_MONTHLY_LIMIT };
/** Enterprise: ten times the standard quota (and webhooks, its alone). */
const ENTERPRISE_API_QUOTA = { apiDailyLimit: 100_000, apiMonthlyLimit: 3_000_000 };

/** The one table every gate reads, on the server and in the UI. */
export const PLAN_CAPABILITIES: Readonly<Record<PlanTier, PlanCapabilities>> = {
  free: { scans: false, dailyScans: false, automaticCleanup: false, apiAccess: 'none', chatNotifications: false, weeklyReports: false, webhooks: false, queuePriority: 0, recordLimit: 0, ...API_QUOTA },
  starter: { scans: true, dailyScans: false, automaticCleanup: false, apiAccess: 'basic', chatNotifications: false, weeklyReports: true, webhooks: false, queuePriority: 0, recordLimit: byId('starter').recordLimit, ...API_QUOTA },
  // The trial is Professional, to try everything (DESIGN.md).
  trial: { scans: true, dailyScans: true, automaticCleanup: true, apiAccess: 'full', chatNotifications: true, weeklyReports: true, webhooks: false, queuePriority: 10, recordLimit: byId('professional').recordLimit, ...API_QUOTA },
  professional: { scans: true, dailyScans: true, automaticCleanup: true, apiAccess: 'full', chatNotifications: true, weeklyReports: true, webhooks: false, queuePriority: 10, recordLimit: byId('professional').recordLimit, ...API_QUOTA },
  enterprise: { scans: true, dailyScans: true, automaticCleanup: true, apiAccess: 'full', chatNotifications: true, weeklyReports: true, webhooks: true, queuePriority: 20, recordLimit: byId('enterprise').recordLimit, ...ENTERPRISE_API_QUOTA },
};

/** A feature a plan may lack, and the cheapest paid plan that has it (for "Upgrade to ..."). */
export type PlanFeature = 'scans' | 'dailyScans' | 'automaticCleanup' | 'fullApi' | 'chatNotifications' | 'weeklyReports' | 'webhooks';

export function hasFeature(capabilities: PlanCapabilities, feature: PlanFeature): boolean {
  return feature === 'fullApi' ? capabilities.apiAccess === 'full' : capabilities[feature];
}

export function cheapestPlanWith(feature: PlanFeature): Plan {
  return PLANS.find((plan) => hasFeature(PLAN_CAPABILITIES[plan.id], feature))!;
}

/** Where an upgrade is chosen: the subscribe page with the plan marked. */
export function upgradePath(planId: Plan['id']): string {
  return `/subscribe?plan=${planId}#plans`;
}
