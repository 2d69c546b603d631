import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { AlertIcon } from '../components/ui/icons';
import { LoadingState } from '../components/ui/spinner';
import { toast } from '../components/ui/toast-store';
import { serverMessage } from '../lib/api-request';
import { verifyEmail } from '../features/auth/api/auth-requests';
import { DASHBOARD_PATH, EXPIRED_TRIAL_PATH, PROFILE_SETUP_PATH } from '../features/auth/auth-outcomes';
import { useSignInState, userFromResponse } from '../features/auth/use-sign-in-state';

/** /verify?token=: the emailed link. The server verifies the address and signs the user in. */
export function VerifyPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { signedIn } = useSignInState();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: (response) => {
      signedIn(userFromResponse(response));
      toast({ title: 'Email verified', description: response.message, variant: 'success' });
    },
  });
  const { mutate } = mutation;
  // A token works once: React's development double effects must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (mutation.isSuccess) {
    const user = mutation.data;
    const next = user.needsProfileCompletion ? PROFILE_SETUP_PATH : user.trialStatus.shouldRedirectToPayment ? EXPIRED_TRIAL_PATH : DASHBOARD_PATH;
    return <Navigate to={next} replace />;
  }

  if (token && !mutation.isError) return <LoadingState label="Verifying your email..." className="min-h-0 py-10" />;

  const message = token
    ? (serverMessage(mutation.error) ?? 'We could not verify your email address right now. Please try the link again in a moment.')
    : 'This verification link is incomplete. Open the link from your email again, or sign in to get a new one.';

  return (
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Verification failed</h1>
      <p role="alert" className="mt-3 text-slate-600">
        {message}
      </p>
      <ButtonLink to="/auth" size="lg" className="mt-6 w-full">
        Back to Login
      </ButtonLink>
    </div>
  );
}
