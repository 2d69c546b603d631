import { useState } from 'react';
import { AlertIcon, CloseIcon } from '../../components/ui/icons';
import { useBillingStatus } from './api/billing-requests';
import { PortalButton } from './portal-button';

/** Dismissed for this browser session only: the next visit warns again while the payment is still owed. */
const DISMISSED_KEY = 'datacleaner.paymentFailedBannerDismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, 'true');
  } catch {
    // Storage may be off: the banner then only stays closed on this page.
  }
}

/** The signed-in app's warning that Stripe could not take the last payment, with the way to fix it. */
export function PaymentFailedBanner() {
  const billing = useBillingStatus();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!billing.data?.paymentFailed || dismissed) return null;
  return (
    <div role="alert" className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 sm:px-6">
      <AlertIcon aria-hidden="true" className="mt-1.5 h-5 w-5 shrink-0 text-amber-700" />
      {/* On phones the button goes under the words; from sm up they share a line. */}
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="mt-1 sm:mt-0">
          <span className="font-semibold">Your last payment failed.</span> Update your payment method so that your plan carries on.
        </p>
        <PortalButton label="Update payment method" />
      </div>
      <button
        type="button"
        onClick={() => {
          rememberDismissed();
          setDismissed(true);
        }}
        className="rounded-md p-1.5 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label="Dismiss the payment warning"
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  );
}
