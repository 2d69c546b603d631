import { Button, type ButtonVariant } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { usePortal } from './api/billing-requests';
import { billingErrorMessage } from './billing-words';

/** Opens Stripe's Customer Portal; says in words why when it cannot. */
export function PortalButton({ label = 'Manage billing', variant = 'secondary', fullWidth = false }: { label?: string; variant?: ButtonVariant; fullWidth?: boolean }) {
  const portal = usePortal();
  // Once the portal's address is in, the page is leaving: the button stays busy.
  const busy = portal.isPending || portal.isSuccess;
  return (
    <div>
      <Button variant={variant} onClick={() => portal.mutate()} disabled={busy} className={fullWidth ? 'w-full' : ''}>
        {busy && <Spinner className="h-4 w-4" />}
        {busy ? 'Opening billing...' : label}
      </Button>
      {portal.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The billing portal could not be opened. {billingErrorMessage(portal.error)}
        </p>
      )}
    </div>
  );
}
