import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ClientUser } from '../../../shared/contracts/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { ApiError, serverMessage } from '../../lib/api-request';
import { deleteAccount, type DeleteAccountRequest } from './api/account-data';

export const DELETE_MESSAGES = {
  passwordRequired: 'Enter your password to confirm',
  emailRequired: 'Type your email address to confirm',
  emailMismatch: 'This is not the email address of your account',
  failed: 'Your account could not be deleted. Please try again.',
} as const;

type Confirmation = { ok: true; body: DeleteAccountRequest } | { ok: false; error: string };

/** Accounts with a password confirm with it; accounts without one (Google only) type their email. */
export function confirmationFor(user: Pick<ClientUser, 'email' | 'hasPassword'>, value: string): Confirmation {
  if (user.hasPassword) return value ? { ok: true, body: { password: value } } : { ok: false, error: DELETE_MESSAGES.passwordRequired };
  const typed = value.trim();
  if (!typed) return { ok: false, error: DELETE_MESSAGES.emailRequired };
  // The server compares without case too: addresses are stored in lower case.
  if (typed.toLowerCase() !== user.email.toLowerCase()) return { ok: false, error: DELETE_MESSAGES.emailMismatch };
  return { ok: true, body: { confirmEmail: typed } };
}

interface DeleteAccountDialogProps {
  user: Pick<ClientUser, 'email' | 'hasPassword'>;
  open: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteAccountDialog({ user, open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const removal = useMutation({
    mutationFn: deleteAccount,
    onSuccess: (response) => onDeleted(response.message),
    onError: (error) => {
      // A wrong password or email is the field's problem; anything else is the dialog's.
      if (error instanceof ApiError && error.status === 400) setFieldError(serverMessage(error) ?? DELETE_MESSAGES.failed);
    },
  });

  const close = () => {
    if (removal.isPending) return;
    setValue('');
    setFieldError(undefined);
    removal.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const confirmation = confirmationFor(user, value);
    if (!confirmation.ok) {
      setFieldError(confirmation.error);
      return;
    }
    setFieldError(undefined);
    removal.mutate(confirmation.body);
  };

  const otherError = removal.isError && !(removal.error instanceof ApiError && removal.error.status === 400);

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      title="Delete your account?"
      description={
        <>
          <p>
            This deletes your DataCleaner account and everything stored with it: settings, HubSpot connection, scan history, duplicate groups and merge
            backups. It cannot be undone. Records in HubSpot itself are not touched.
          </p>
          <p className="mt-2">Download your data first if you want to keep a copy.</p>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        {user.hasPassword ? (
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
          />
        ) : (
          <Field
            label="Email address"
            type="email"
            autoComplete="off"
            hint={`Type ${user.email} to confirm.`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
          />
        )}
        {otherError && <Alert tone="error">{serverMessage(removal.error) ?? DELETE_MESSAGES.failed}</Alert>}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={removal.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={removal.isPending}>
            {removal.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
