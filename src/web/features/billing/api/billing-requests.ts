import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingStatus, CheckoutRequest, redirectResponseSchema } from '../../../../shared/contracts/billing';
import { getJson, requestJson } from '../../../lib/api-request';
import { browser } from '../../../lib/browser';

type BillingRedirect = z.infer<typeof redirectResponseSchema>;

export const BILLING_STATUS_URL = '/api/billing/status';

/** GET /api/billing/status: the plan, trial and subscription of the signed-in account. */
export function getBillingStatus(): Promise<BillingStatus> {
  return getJson<BillingStatus>(BILLING_STATUS_URL);
}

interface StatusOptions {
  /** Off for visitors and the demo, which have no account to bill. */
  enabled?: boolean;
  /** Asks again every so often while it returns a delay (Stripe's webhook can lag behind the redirect back). */
  refetchInterval?: (status: BillingStatus | undefined, answers: number) => number | false;
}

export function useBillingStatus({ enabled = true, refetchInterval }: StatusOptions = {}) {
  return useQuery({
    queryKey: [BILLING_STATUS_URL],
    queryFn: getBillingStatus,
    enabled,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data, query.state.dataUpdateCount) : false,
  });
}

/** The browser leaves for Stripe's hosted page: a full navigation, as it is another site. */
function leaveFor({ url }: BillingRedirect): void {
  browser.assign(url);
}

/** POST /api/billing/checkout: the Checkout page for a plan. */
export function startCheckout(plan: CheckoutRequest['plan']): Promise<BillingRedirect> {
  return requestJson<BillingRedirect>('POST', '/api/billing/checkout', { plan });
}

/** POST /api/billing/portal: the Customer Portal (card, invoices, plan change, cancel). */
export function openPortal(): Promise<BillingRedirect> {
  return requestJson<BillingRedirect>('POST', '/api/billing/portal');
}

export function useCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: leaveFor });
}

export function usePortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: leaveFor });
}
