import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BillingStatus } from '../../../shared/contracts/billing';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { userQueryKey } from '../auth/api/current-user';
import { BILLING_STATUS_URL, useBillingStatus } from './api/billing-requests';
import { planById } from './billing-words';

/** Stripe sends the buyer back before its webhook may have reached us: ask again a few times. */
export const ACTIVATION_POLL = { intervalMs: 1500, answers: 12 } as const;

/** Whether the paid plan shows (the one bought, when the return address names it). */
export function planActive(status: BillingStatus | undefined, planId: string | null): boolean {
  if (!status || status.plan === 'free') return false;
  return planId ? status.plan === planId : true;
}

/** ?checkout=success: waits for the plan to show, then says so and lets the app in again. */
function CheckoutSuccess({ planId }: { planId: string | null }) {
  const queryClient = useQueryClient();
  const status = useBillingStatus({
    refetchInterval: (data, answers) => (planActive(data, planId) || answers >= ACTIVATION_POLL.answers ? false : ACTIVATION_POLL.intervalMs),
  });
  const active = planActive(status.data, planId);
  const name = planById(status.data && active ? status.data.plan : (planId ?? ''))?.name;

  // The expired-trial redirect reads the user: once paid, it must let the app in.
  useEffect(() => {
    if (active) void queryClient.invalidateQueries({ queryKey: userQueryKey(false) });
  }, [active, queryClient]);

  if (active) {
    return (
      <Alert tone="success" title={`Payment received: your ${name ?? 'new'} plan is active`}>
        <p>Thank you. Everything your plan includes is unlocked now.</p>
        <ButtonLink to="/dashboard" size="sm" className="mt-3">
          Go to the dashboard
        </ButtonLink>
      </Alert>
    );
  }
  const answers = queryClient.getQueryState([BILLING_STATUS_URL])?.dataUpdateCount ?? 0;
  const gaveUp = status.isError || answers >= ACTIVATION_POLL.answers;
  return (
    <Alert tone="info" title="Payment received">
      {gaveUp ? (
        <p>Your {name ?? 'new'} plan is taking longer than usual to switch on. It will show here within a few minutes: reload this page to check.</p>
      ) : (
        <p className="flex items-center gap-2">
          <Spinner className="h-4 w-4" />
          Activating your {name ?? 'new'} plan...
        </p>
      )}
    </Alert>
  );
}

/** What came of Stripe's Checkout, from the address it sent the buyer back to. */
export function CheckoutOutcome({ checkout, planId }: { checkout: string | null; planId: string | null }) {
  if (checkout === 'success') return <CheckoutSuccess planId={planId} />;
  if (checkout === 'cancelled') return <Alert tone="info" title="Checkout cancelled: you have not been charged." />;
  return null;
}
