import type { UseMutationResult } from '@tanstack/react-query';
import type { BillingStatus } from '../../../shared/contracts/billing';
import type { Plan } from '../../../shared/plans';
import { signUpLabel, useAppFlags } from '../../app/app-flags';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { billingErrorMessage } from './billing-words';
import { PortalButton } from './portal-button';

export type Checkout = UseMutationResult<{ url: string }, Error, Plan['id']>;

/** Visitors sign in (or register) first; /auth then sends them back here with the plan (SPEC.md section 4). */
export function signInToChoose(plan: Plan['id'], register = false): string {
  return `/auth?${register ? 'tab=register&' : ''}redirect=subscribe&plan=${plan}`;
}

/** Whether the account pays for a plan now, so that another plan is a change made in the portal. */
export function hasSubscription(status: BillingStatus): boolean {
  return status.plan !== 'free' && status.portalAvailable;
}

interface PlanActionProps {
  plan: Plan;
  /** undefined while the session is looked up, null for a visitor. */
  signedIn: boolean | undefined;
  status: BillingStatus | undefined;
  checkout: Checkout;
}

/** The button of a plan card: sign in, buy, manage or change, or register interest. */
export function PlanAction({ plan, signedIn, status, checkout }: PlanActionProps) {
  const flags = useAppFlags();
  const choose = `Choose ${plan.name}`;
  const full = 'w-full';

  if (flags.interestOnly) {
    if (signedIn) return <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-center text-sm font-medium text-slate-700">Interest registered: plans open soon.</p>;
    const label = signUpLabel(flags, 'Start Free Trial');
    return (
      <ButtonLink to={signInToChoose(plan.id, true)} variant={plan.mostPopular ? 'primary' : 'secondary'} className={full} aria-label={`${label}, ${plan.name} plan`}>
        {label}
      </ButtonLink>
    );
  }
  if (signedIn === false) {
    return (
      <ButtonLink to={signInToChoose(plan.id)} variant={plan.mostPopular ? 'primary' : 'secondary'} className={full}>
        {choose}
      </ButtonLink>
    );
  }
  if (!status) {
    return (
      <Button disabled className={full}>
        {choose}
      </Button>
    );
  }
  if (status.tier === plan.id) {
    return status.configured && status.portalAvailable ? <PortalButton fullWidth /> : null;
  }
  if (status.configured && hasSubscription(status)) return <PortalButton label={`Switch to ${plan.name}`} fullWidth />;

  const mine = checkout.variables === plan.id;
  // Once Stripe's address is in, the page is leaving: the button stays busy.
  const redirecting = mine && (checkout.isPending || checkout.isSuccess);
  return (
    <div>
      <Button
        variant={plan.mostPopular ? 'primary' : 'secondary'}
        className={full}
        disabled={!status.configured || checkout.isPending || checkout.isSuccess}
        onClick={() => checkout.mutate(plan.id)}
      >
        {redirecting && <Spinner className="h-4 w-4" />}
        {redirecting ? 'Redirecting to checkout...' : choose}
      </Button>
      {mine && checkout.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Checkout could not start. {billingErrorMessage(checkout.error)}
        </p>
      )}
    </div>
  );
}
