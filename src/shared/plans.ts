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
