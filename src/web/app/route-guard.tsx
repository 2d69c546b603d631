import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { ClientUser } from '../../shared/contracts/auth';
import { LoadingState } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api/current-user';
import { EXPIRED_TRIAL_PATH, PROFILE_SETUP_PATH } from '../features/auth/auth-outcomes';

export type GuardDecision = { type: 'open' } | { type: 'loading' } | { type: 'allow' } | { type: 'redirect'; to: string };

type GuardUser = Pick<ClientUser, 'needsVerification' | 'needsProfileCompletion'> & { trialStatus: Pick<ClientUser['trialStatus'], 'shouldRedirectToPayment'> };

interface GuardInput {
  pathname: string;
  user: GuardUser | null | undefined;
  isLoading: boolean;
  /** /profile/setup is where an incomplete profile gets completed. */
  skipProfileCheck?: boolean;
}

/** SPEC.md section 2, "Route guard", in its order. */
export function decideGuard({ pathname, user, isLoading, skipProfileCheck = false }: GuardInput): GuardDecision {
  if (pathname.startsWith('/demo')) return { type: 'open' };
  if (isLoading) return { type: 'loading' };
  if (!user) return { type: 'redirect', to: '/auth' };
  if (user.needsVerification) return { type: 'redirect', to: '/auth' };
  if (user.needsProfileCompletion && !skipProfileCheck) return { type: 'redirect', to: PROFILE_SETUP_PATH };
  if (user.trialStatus.shouldRedirectToPayment && !pathname.startsWith('/subscribe')) return { type: 'redirect', to: EXPIRED_TRIAL_PATH };
  return { type: 'allow' };
}

/** Renders its children for a signed-in user the guard lets through; otherwise a spinner or a redirect. */
export function RequireUser({ children, skipProfileCheck = false }: { children: ReactNode; skipProfileCheck?: boolean }) {
  const { pathname } = useLocation();
  const user = useCurrentUser({ always: true });
  const decision = decideGuard({ pathname, user: user.data, isLoading: user.isLoading, skipProfileCheck });
  if (decision.type === 'loading') return <LoadingState label="Checking your session..." className="min-h-screen" />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
