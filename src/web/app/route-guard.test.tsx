import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shouldLookUpUser } from '../features/auth/api/current-user';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';
import { decideGuard } from './route-guard';

const ok = { needsVerification: false, needsProfileCompletion: false, trialStatus: { shouldRedirectToPayment: false } };
const expired = { ...ok, trialStatus: { shouldRedirectToPayment: true } };

describe('decideGuard (SPEC.md section 2)', () => {
  it.each([
    ['/demo/dashboard', null, false, { type: 'open' }],
    ['/demo', null, true, { type: 'open' }],
    ['/dashboard', undefined, true, { type: 'loading' }],
    ['/dashboard', null, false, { type: 'redirect', to: '/auth' }],
    ['/dashboard', { ...ok, needsVerification: true, needsProfileCompletion: true }, false, { type: 'redirect', to: '/auth' }],
    ['/dashboard', { ...expired, needsProfileCompletion: true }, false, { type: 'redirect', to: '/profile/setup' }],
    ['/dashboard', expired, false, { type: 'redirect', to: '/subscribe?expiredTrial=true#plans' }],
    ['/subscribe', expired, false, { type: 'allow' }],
    ['/settings', ok, false, { type: 'allow' }],
  ] as const)('%s with %o (loading: %s) → %o', (pathname, user, isLoading, decision) => {
    expect(decideGuard({ pathname, user, isLoading })).toEqual(decision);
  });

  it('lets /profile/setup skip the profile check, but not the others', () => {
    const incomplete = { ...ok, needsProfileCompletion: true };
    expect(decideGuard({ pathname: '/profile/setup', user: incomplete, isLoading: false, skipProfileCheck: true })).toEqual({ type: 'allow' });
    expect(decideGuard({ pathname: '/profile/setup', user: { ...incomplete, needsVerification: true }, isLoading: false, skipProfileCheck: true })).toEqual({ type: 'redirect', to: '/auth' });
  });

  it('looks the user up only on the listed prefixes', () => {
    for (const path of ['/app', '/demo/x', '/dashboard', '/settings', '/reports', '/duplicates', '/help', '/ai-assistant', '/enterprise-api', '/objects/contacts', '/onboarding', '/profile/setup']) {
      expect(shouldLookUpUser(path)).toBe(true);
    }
    for (const path of ['/', '/auth', '/blog', '/subscribe', '/verify', '/about-us']) expect(shouldLookUpUser(path)).toBe(false);
  });
});

describe('RequireUser', () => {
  it('shows a spinner while the user loads, then sends a signed-out visitor to /auth', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    answer(json({ message: 'Not signed in.' }, 401));
    await waitFor(() => expect(currentUrl(router)).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends an unverified user to /auth, where the verification screen waits', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser({ needsVerification: true, emailVerified: false })) });
    const { router } = renderApp('/duplicates');
    await waitFor(() => expect(currentUrl(router)).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
  });

  it('sends an incomplete profile to /profile/setup, which opens', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser({ needsProfileCompletion: true, fullName: null })) });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(currentUrl(router)).toBe('/profile/setup'));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('sends an expired trial to the plans', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser({ trialStatus: { isTrialActive: false, daysRemaining: 0, trialEndDate: null, shouldRedirectToPayment: true } })) });
    const { router } = renderApp('/help');
    await waitFor(() => expect(currentUrl(router)).toBe('/subscribe?expiredTrial=true#plans'));
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
  });

  it('opens every signed-in page for a user in good standing, /ai included', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()) });
    for (const [path, heading] of [
      ['/dashboard', 'Dashboard'],
      ['/ai', 'AI Assistant'],
      ['/onboarding', 'Welcome to DataCleaner'],
      ['/enterprise-api', 'Enterprise API'],
      ['/objects/companies', 'Companies'],
      // No such deal in this account's data (the fake API answers 404): the record page says so.
      ['/objects/deals/981', 'This deal is not in your data'],
    ]) {
      const view = renderApp(path!);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
      view.unmount();
    }
    // Six pages, each compiled on first use: more than the default deadline on a busy 2-core machine.
  }, 60_000);

  it("shows 'Page Not Found' for an object type that does not exist", async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()) });
    renderApp('/objects/spaceships');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
