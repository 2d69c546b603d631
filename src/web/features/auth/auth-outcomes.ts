import type { LoginResponse, RegisterResponse } from '../../../shared/contracts/auth';
import type { ToastInput } from '../../components/ui/toast-store';
import { displayNameOf } from './api/current-user';

export const EXPIRED_TRIAL_PATH = '/subscribe?expiredTrial=true#plans';
export const PROFILE_SETUP_PATH = '/profile/setup';
export const DASHBOARD_PATH = '/dashboard';
export const ONBOARDING_PATH = '/onboarding';

export type AuthOutcome =
  | { kind: 'verify'; email: string; justSent: boolean; toast?: ToastInput }
  /** `reload`: a full page load rather than a client-side navigation. */
  | { kind: 'go'; to: string; reload?: boolean; toast?: ToastInput };

function welcome(user: Parameters<typeof displayNameOf>[0]): ToastInput {
  return { title: 'Login successful', description: `Welcome back, ${displayNameOf(user)}!`, variant: 'success' };
}

/** SPEC.md section 4, "Login success", in its order. */
export function loginOutcome(response: LoginResponse): AuthOutcome {
  if (response.needsVerification) return { kind: 'verify', email: response.email, justSent: false };
  if (response.redirectTo) return { kind: 'go', to: response.redirectTo, toast: welcome(response) };
  if (response.trialStatus.shouldRedirectToPayment) {
    return {
      kind: 'go',
      to: EXPIRED_TRIAL_PATH,
      toast: { title: 'Trial expired', description: 'Your free trial has ended. Choose a plan to keep using DataCleaner.' },
    };
  }
  if (response.needsProfileCompletion) return { kind: 'go', to: PROFILE_SETUP_PATH };
  return { kind: 'go', to: DASHBOARD_PATH, reload: true, toast: welcome(response) };
}

const accountCreated: ToastInput = { title: 'Registration successful', description: 'Your account has been created', variant: 'success' };

/** SPEC.md section 4, "Registration". */
export function registerOutcome(response: RegisterResponse): AuthOutcome {
  if (response.needsVerification) {
    return {
      kind: 'verify',
      email: response.user.email,
      justSent: response.verificationEmailSent,
      toast: response.verificationEmailSent
        ? { title: 'Registration successful', description: 'Please check your inbox to verify your email address', variant: 'success' }
        : accountCreated,
    };
  }
  if (response.trialStatus.shouldRedirectToPayment) return { kind: 'go', to: EXPIRED_TRIAL_PATH, toast: accountCreated };
  if (response.needsProfileCompletion) return { kind: 'go', to: PROFILE_SETUP_PATH, toast: accountCreated };
  return { kind: 'go', to: DASHBOARD_PATH, toast: accountCreated };
}

/** SPEC.md section 4: where a signed-in user opening /auth belongs. */
export function signedInAuthRedirect(user: { needsProfileCompletion: boolean }, search: URLSearchParams): string {
  if (user.needsProfileCompletion) return PROFILE_SETUP_PATH;
  const plan = search.get('plan');
  if (search.get('redirect') === 'subscribe' && plan) return subscribePath(plan);
  return DASHBOARD_PATH;
}

function subscribePath(plan: string): string {
  return `/subscribe?plan=${encodeURIComponent(plan)}`;
}

/** Where ?redirect=subscribe&plan= asks to go after signing in. */
export function requestedRedirect(search: URLSearchParams): string | undefined {
  const plan = search.get('plan');
  return search.get('redirect') === 'subscribe' && plan ? subscribePath(plan) : undefined;
}
