import { describe, expect, it } from 'vitest';
import type { LoginResponse, RegisterResponse } from '../../../shared/contracts/auth';
import { makeUser } from '../../test/fake-api';
import { loginOutcome, registerOutcome, requestedRedirect, signedInAuthRedirect } from './auth-outcomes';

const expiredTrial = { isTrialActive: false, daysRemaining: 0, trialEndDate: null, shouldRedirectToPayment: true };

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return { message: 'Login successful', ...makeUser(), ...overrides };
}

function registerResponse(overrides: Partial<RegisterResponse> = {}): RegisterResponse {
  const user = makeUser({ needsVerification: true, emailVerified: false, needsProfileCompletion: true });
  return { message: 'Registration successful', user, needsVerification: true, needsProfileCompletion: true, trialStatus: user.trialStatus, verificationEmailSent: true, ...overrides };
}

describe('loginOutcome (SPEC.md section 4, in order)', () => {
  it('1. shows the verification screen first', () => {
    expect(loginOutcome(loginResponse({ needsVerification: true, redirectTo: '/subscribe?plan=starter', trialStatus: expiredTrial }))).toEqual({
      kind: 'verify',
      email: 'ada@example.com',
      justSent: false,
    });
  });

  it('2. then follows redirectTo with the welcome toast', () => {
    expect(loginOutcome(loginResponse({ redirectTo: '/subscribe?plan=starter', trialStatus: expiredTrial, needsProfileCompletion: true }))).toEqual({
      kind: 'go',
      to: '/subscribe?plan=starter',
      toast: { title: 'Login successful', description: 'Welcome back, Ada Lovelace!', variant: 'success' },
    });
  });

  it('3. then sends an expired trial to the plans', () => {
    expect(loginOutcome(loginResponse({ trialStatus: expiredTrial, needsProfileCompletion: true }))).toMatchObject({
      kind: 'go',
      to: '/subscribe?expiredTrial=true#plans',
      toast: { title: 'Trial expired' },
    });
  });

  it('4. then an incomplete profile to /profile/setup', () => {
    expect(loginOutcome(loginResponse({ needsProfileCompletion: true }))).toEqual({ kind: 'go', to: '/profile/setup' });
  });

  it('5. otherwise welcomes the user and reloads into /dashboard', () => {
    expect(loginOutcome(loginResponse({ fullName: null, displayName: null, username: 'grace@example.com' }))).toEqual({
      kind: 'go',
      to: '/dashboard',
      reload: true,
      toast: { title: 'Login successful', description: 'Welcome back, grace@example.com!', variant: 'success' },
    });
  });
});

describe('registerOutcome', () => {
  it('shows the verification screen with a toast asking to check the inbox', () => {
    expect(registerOutcome(registerResponse())).toEqual({
      kind: 'verify',
      email: 'ada@example.com',
      justSent: true,
      toast: { title: 'Registration successful', description: 'Please check your inbox to verify your email address', variant: 'success' },
    });
    expect(registerOutcome(registerResponse({ verificationEmailSent: false }))).toMatchObject({ kind: 'verify', justSent: false, toast: { description: 'Your account has been created' } });
  });

  it('then an expired trial, an incomplete profile, and otherwise the dashboard', () => {
    expect(registerOutcome(registerResponse({ needsVerification: false, trialStatus: expiredTrial }))).toMatchObject({ to: '/subscribe?expiredTrial=true#plans' });
    expect(registerOutcome(registerResponse({ needsVerification: false }))).toMatchObject({ to: '/profile/setup' });
    expect(registerOutcome(registerResponse({ needsVerification: false, needsProfileCompletion: false }))).toEqual({
      kind: 'go',
      to: '/dashboard',
      toast: { title: 'Registration successful', description: 'Your account has been created', variant: 'success' },
    });
  });
});

describe('a signed-in user opening /auth', () => {
  it('goes to profile setup, the chosen plan, or the dashboard', () => {
    const subscribe = new URLSearchParams('redirect=subscribe&plan=professional');
    expect(signedInAuthRedirect({ needsProfileCompletion: true }, subscribe)).toBe('/profile/setup');
    expect(signedInAuthRedirect({ needsProfileCompletion: false }, subscribe)).toBe('/subscribe?plan=professional');
    expect(signedInAuthRedirect({ needsProfileCompletion: false }, new URLSearchParams('redirect=subscribe'))).toBe('/dashboard');
    expect(signedInAuthRedirect({ needsProfileCompletion: false }, new URLSearchParams())).toBe('/dashboard');
    expect(requestedRedirect(subscribe)).toBe('/subscribe?plan=professional');
    expect(requestedRedirect(new URLSearchParams('plan=professional'))).toBeUndefined();
  });
});
