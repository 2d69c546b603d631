import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-request';
import { useCurrentUser } from '../auth/api/current-user';
import { useSignInState } from '../auth/use-sign-in-state';
import { fetchDataExport } from './api/account-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { saveFile } from './save-file';

/** Browser-local keys of the product other than `userId` (which sign-out clears). */
const PRODUCT_STORAGE_PREFIX = 'datacleaner.';

/** A deleted account leaves nothing of the product behind in this browser either. */
function forgetProductStorage(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(PRODUCT_STORAGE_PREFIX));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private windows); then there is nothing to forget.
  }
}

const card = 'flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** The self-service part of /gdpr: download or delete your data when signed in, how to sign in otherwise. */
export function GdprActions() {
  // /gdpr is not among the paths that look the user up on their own: these buttons need to know.
  const user = useCurrentUser({ always: true });
  const { signedOut } = useSignInState();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  const download = useMutation({
    mutationFn: fetchDataExport,
    onSuccess: (file) => {
      saveFile(file);
      toast({ title: 'Data export ready', description: `Saved as ${file.filename}.`, variant: 'success' });
    },
    onError: (error) => toast({ title: 'Download failed', description: serverMessage(error) ?? error.message, variant: 'destructive' }),
  });

  const onDeleted = (message: string) => {
    setDeleting(false);
    signedOut();
    forgetProductStorage();
    navigate('/', { replace: true });
    toast({ title: 'Account deleted', description: message, variant: 'success' });
  };

  if (user.isLoading) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4 text-brand-600" /> Checking whether you are signed in...
      </p>
    );
  }

  if (!user.data) {
    return (
      <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h3 className="text-lg font-semibold text-slate-900">Sign in to download or delete your data</h3>
        <p className="mt-2 text-slate-700">
          Downloading your data and deleting your account work from your own account, so we know the request is yours. Sign in, then come back to
          this page: it is linked as GDPR at the bottom of every page.
        </p>
        <ButtonLink to="/auth" className="mt-5">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  const current = user.data;
  return (
    <div className="mt-6">
      <p className="text-slate-700">
        You are signed in as <strong>{current.email}</strong>.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className={card}>
          <h3 className="text-lg font-semibold text-slate-900">Download my data</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            A JSON file with your account, settings, HubSpot connection details, scans, duplicate groups, merge history, API usage and sign-in
            sessions. Secrets such as tokens and keys are listed as present or not, never included.
          </p>
          <Button variant="secondary" className="mt-5 self-start" onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
        <div className={card}>
          <h3 className="text-lg font-semibold text-slate-900">Delete my account</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            Removes your account and everything stored with it, at once and for good, and signs you out. Your records in HubSpot are not changed.
          </p>
          <Button variant="danger" className="mt-5 self-start" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog user={current} open={deleting} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </div>
  );
}
