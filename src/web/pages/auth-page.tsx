import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { signUpLabel, useAppFlags } from '../app/app-flags';
import { Alert } from '../components/ui/alert';
import { LoadingState } from '../components/ui/spinner';
import { TabList, tabPanelProps } from '../components/ui/tabs';
import { toast } from '../components/ui/toast-store';
import { logout } from '../features/auth/api/auth-requests';
import { useCurrentUser } from '../features/auth/api/current-user';
import { requestedRedirect, signedInAuthRedirect, type AuthOutcome } from '../features/auth/auth-outcomes';
import { AuthSidePanel } from '../features/auth/auth-side-panel';
import { GOOGLE_ERRORS, GoogleSignIn } from '../features/auth/google-sign-in';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import { useSignInState } from '../features/auth/use-sign-in-state';
import { VerificationPending } from '../features/auth/verification-pending';
import { browser } from '../lib/browser';

type Tab = 'login' | 'register';

/** /auth: Sign In and Register (SPEC.md sections 2 and 4). */
export function AuthPage() {
  const flags = useAppFlags();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const user = useCurrentUser({ always: true });
  const { signedOut } = useSignInState();
  // Once a form has an outcome, it decides where to go, not the signed-in redirect below.
  const [handled, setHandled] = useState(false);
  const [pending, setPending] = useState<{ email: string; justSent: boolean } | null>(null);
  const [leftVerification, setLeftVerification] = useState(false);

  const tab: Tab = search.get('tab') === 'register' ? 'register' : 'login';
  const redirectTo = requestedRedirect(search);
  const googleError = GOOGLE_ERRORS[search.get('error') ?? ''];

  const selectTab = (next: Tab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'register') params.set('tab', 'register');
        else params.delete('tab');
        params.delete('error');
        return params;
      },
      { replace: true },
    );

  const onOutcome = (outcome: AuthOutcome) => {
    setHandled(true);
    if (outcome.toast) toast(outcome.toast);
    if (outcome.kind === 'verify') {
      setLeftVerification(false);
      setPending({ email: outcome.email, justSent: outcome.justSent });
    } else if (outcome.reload) {
      browser.assign(outcome.to);
    } else {
      navigate(outcome.to);
    }
  };

  const backToLogin = () => {
    setPending(null);
    setLeftVerification(true);
    selectTab('login');
    // The session of an unverified account is of no use here; another account may sign in.
    void logout()
      .catch(() => undefined)
      .finally(signedOut);
  };

  if (user.isLoading) return <LoadingState label="Loading..." className="min-h-screen" />;

  const current = user.data;
  if (current && !handled && !current.needsVerification) return <Navigate to={signedInAuthRedirect(current, search)} replace />;

  const verification = pending ?? (current?.needsVerification && !leftVerification ? { email: current.email, justSent: false } : null);

  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <AuthSidePanel />
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-slate-900 lg:hidden">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          DataCleaner
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {verification ? (
            <VerificationPending key={verification.email} email={verification.email} justSent={verification.justSent} onBackToLogin={backToLogin} />
          ) : (
            <>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{tab === 'login' ? 'Welcome back' : signUpLabel(flags, 'Start Free Trial')}</h1>
              <p className="mt-2 text-slate-600">
                {tab === 'login' ? 'Sign in to keep your HubSpot data clean.' : 'Create your account. Try Free for 14 Days.'}
              </p>
              <div className="mt-8 space-y-6">
                {googleError && (
                  <Alert tone="error" title="Google sign-in failed">
                    {googleError}
                  </Alert>
                )}
                <TabList
                  idPrefix="auth"
                  label="Sign in or register"
                  items={[
                    { value: 'login', label: 'Sign In' },
                    { value: 'register', label: 'Register' },
                  ]}
                  value={tab}
                  onChange={selectTab}
                />
                <div {...tabPanelProps('auth', tab)} className="space-y-5">
                  <GoogleSignIn redirectTo={redirectTo} />
                  {tab === 'login' ? <LoginForm redirectTo={redirectTo} onOutcome={onOutcome} /> : <RegisterForm onOutcome={onOutcome} />}
                </div>
              </div>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
