import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../shared/contracts/billing';
import { PLANS } from '../../shared/plans';
import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api/current-user';
import { useBillingStatus, useCheckout } from '../features/billing/api/billing-requests';
import { tierName, trialDaysLeft } from '../features/billing/billing-words';
import { CheckoutOutcome } from '../features/billing/checkout-outcome';
import { PlanAction } from '../features/billing/plan-action';
import { PlanCard } from '../features/billing/plan-card';

function ExpiredTrialNotice() {
  return (
    <Alert tone="warning" title="Your free trial has ended">
      <p>Scans have stopped until you choose a plan. Nothing is lost: your settings, scan history and duplicate reviews are kept, and you can still export your data.</p>
      <p className="mt-1">
        Choose a plan below to carry on where you left off, or{' '}
        <Link to="/gdpr" className="font-medium underline underline-offset-2 hover:no-underline">
          download your data
        </Link>
        .
      </p>
    </Alert>
  );
}

/** "Your plan: Starter" and, during the trial, the days left. */
function AccountSummary({ status }: { status: BillingStatus }) {
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>
        Your plan: <span className="font-semibold text-slate-900">{tierName(status.tier)}</span>
      </span>
      {status.trial.active && <span className="rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 ring-1 ring-inset ring-amber-600/20">{trialDaysLeft(status.trial.daysLeft)}</span>}
    </p>
  );
}

/**
 * /subscribe: the plans (SPEC.md sections 2 and 9) and the way to buy one. ?expiredTrial=true
 * says why the user is here, ?plan= marks a choice, ?checkout= is Stripe sending the buyer back.
 */
export function SubscribePage() {
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const expiredTrial = search.get('expiredTrial') === 'true';
  const chosen = search.get('plan');
  const checkoutResult = search.get('checkout');

  // /subscribe is not among the paths that look the user up by themselves (SPEC.md section 2).
  const user = useCurrentUser({ always: true });
  const signedIn = user.isLoading ? undefined : Boolean(user.data);
  const billing = useBillingStatus({ enabled: signedIn === true });
  const status = billing.data;
  const checkout = useCheckout();

  // The client router does not scroll to #plans by itself.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  const markedPlan = chosen ?? (status && PLANS.some((plan) => plan.id === status.tier) ? status.tier : PLANS.find((plan) => plan.mostPopular)?.id);

  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Choose your plan</h1>
        <p className="mt-4 text-lg text-slate-600">Keep your HubSpot data clean with the plan that fits your portal.</p>
        {status && (
          <div className="mt-4">
            <AccountSummary status={status} />
          </div>
        )}
      </div>
      {/* #plans starts with the notices, so that the expired-trial and checkout news are seen on arrival. */}
      <div id="plans" className="scroll-mt-24">
        <div className="mx-auto mt-8 max-w-2xl space-y-4 empty:hidden">
          {signedIn && <CheckoutOutcome checkout={checkoutResult} planId={chosen} />}
          {expiredTrial && !(status && status.plan !== 'free') && <ExpiredTrialNotice />}
          {status && !status.configured && <Alert tone="info" title={BILLING_NOT_CONFIGURED}>Plans can be compared here, but not bought. Everything else keeps working.</Alert>}
          {billing.isError && <Alert tone="error" title="Your plan could not be loaded">Reload the page to try again.</Alert>}
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} marked={plan.id === markedPlan} current={status?.tier === plan.id} choice={plan.id === chosen}>
              <PlanAction plan={plan} signedIn={signedIn} status={status} checkout={checkout} />
            </PlanCard>
          ))}
        </div>
      </div>
      <p className="mt-10 text-center text-sm text-slate-600">
        Prices in US dollars per month, billed monthly by Stripe. Cancel at any time: your plan keeps working to the end of the period you paid for.
      </p>
    </section>
  );
}
