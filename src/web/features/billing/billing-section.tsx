import { Link } from 'react-router';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../../shared/contracts/billing';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { SettingsSection } from '../settings/settings-controls';
import { useBillingStatus } from './api/billing-requests';
import { formatBillingDate, planById, subscriptionWords, tierName, trialDaysLeft } from './billing-words';
import { PortalButton } from './portal-button';

function statusWords(status: BillingStatus): string {
  if (status.subscription) return subscriptionWords(status.subscription.status);
  if (status.trial.active) return trialDaysLeft(status.trial.daysLeft);
  return status.trial.endsAt ? 'Trial ended; no plan chosen yet' : 'No plan chosen yet';
}

/** The end of the paid period: a renewal, or the last day of a cancelled plan. */
function periodEnd(status: BillingStatus): { label: string; date: string } | null {
  const subscription = status.subscription;
  if (subscription?.currentPeriodEnd && subscription.status !== 'canceled') {
    return { label: subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on', date: formatBillingDate(subscription.currentPeriodEnd) };
  }
  if (status.trial.active && status.trial.endsAt) return { label: 'Trial ends on', date: formatBillingDate(status.trial.endsAt) };
  return null;
}

function Facts({ status }: { status: BillingStatus }) {
  const end = periodEnd(status);
  const facts = [
    { label: 'Plan', value: tierName(status.tier) },
    { label: 'Status', value: statusWords(status) },
    ...(end ? [{ label: end.label, value: end.date }] : []),
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">{fact.label}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BillingDetails({ status }: { status: BillingStatus }) {
  const subscription = status.subscription;
  const ending = subscription?.cancelAtPeriodEnd && subscription.currentPeriodEnd && status.plan !== 'free';
  return (
    <>
      <Facts status={status} />
      {!status.configured && <Alert tone="info" title={BILLING_NOT_CONFIGURED}>Your account keeps its trial and free plan features.</Alert>}
      {ending && (
        <Alert tone="warning" title={`Your ${planById(status.plan)?.name ?? ''} plan ends on ${formatBillingDate(subscription.currentPeriodEnd!)}`}>
          Everything keeps working until then. To keep the plan, resume it in the billing portal.
        </Alert>
      )}
      {status.paymentFailed && (
        <Alert tone="error" title="Your last payment failed">
          Update your payment method in the billing portal so that your plan carries on.
        </Alert>
      )}
      <div className="flex flex-wrap items-start gap-3">
        {status.configured && status.portalAvailable && <PortalButton />}
        <ButtonLink to="/subscribe#plans" variant={status.portalAvailable ? 'ghost' : 'primary'}>
          Change plan
        </ButtonLink>
      </div>
    </>
  );
}

/** Settings, Billing: the plan, its status and renewal, and the ways to change or pay for it. */
export function BillingSection({ demo }: { demo: boolean }) {
  const billing = useBillingStatus({ enabled: !demo });
  return (
    <SettingsSection id="billing" title="Billing" description="Your plan, when it renews, and your payment details.">
      {demo ? (
        <p className="text-sm text-slate-700">
          The demo has no billing.{' '}
          <Link to="/auth?tab=register" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Create your own account
          </Link>{' '}
          to start a 14-day trial.
        </p>
      ) : billing.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading your plan...
        </p>
      ) : billing.isError ? (
        <Alert tone="error" title="Your plan could not be loaded">
          Check your connection and reload the page.
        </Alert>
      ) : (
        <BillingDetails status={billing.data} />
      )}
    </SettingsSection>
  );
}
