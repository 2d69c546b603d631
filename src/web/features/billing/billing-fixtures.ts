import type { BillingStatus } from '../../../shared/contracts/billing';

/** GET /api/billing/status for an account 4 days into its trial on a server that takes payments. */
export function billingStatus(overrides: Partial<BillingStatus> = {}): BillingStatus {
  return {
    configured: true,
    plan: 'free',
    tier: 'trial',
    trial: { active: true, daysLeft: 10, endsAt: '2025-03-15T00:00:00.000Z' },
    subscription: null,
    paymentFailed: false,
    portalAvailable: false,
    ...overrides,
  };
}

/** A paying Professional account. */
export function professionalStatus(overrides: Partial<BillingStatus> = {}): BillingStatus {
  return billingStatus({
    plan: 'professional',
    tier: 'professional',
    trial: { active: false, daysLeft: 0, endsAt: '2025-02-15T00:00:00.000Z' },
    subscription: { status: 'active', currentPeriodEnd: '2025-04-01T12:00:00.000Z', cancelAtPeriodEnd: false },
    portalAvailable: true,
    ...overrides,
  });
}
