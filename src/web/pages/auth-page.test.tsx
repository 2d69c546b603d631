import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../features/auth/api/current-user';
import { browser } from '../lib/browser';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

const unverified = makeUser({ needsVerification: true, emailVerified: false, needsProfileCompletion: true, fullName: null });

async function openAuth(path = '/auth') {
  const view = renderApp(path);
  await screen.findByRole('tablist', { name: 'Sign in or register' });
  return view;
}

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

async function fillRegister(email: string, password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/auth', () => {
  it('has Sign In and Register tabs beside the marketing panel; ?tab=register selects Register', async () => {
    fakeApi();
    const { router } = await openAuth('/auth?tab=register&redirect=subscribe&plan=starter');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('complementary')).toHaveTextContent('Scheduled scans with email and Slack notifications');
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(currentUrl(router)).toBe('/auth?redirect=subscribe&plan=starter');
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('checks the login form with the messages of SPEC.md section 5', async () => {
    const api = fakeApi();
    await openAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/login')).toEqual([]);
  });

  it('checks the register form, the password match on Confirm Password', async () => {
    const api = fakeApi();
    await openAuth('/auth?tab=register');
    await fillRegister('not-an-email', '12345', 'other');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(api.callsTo('POST', '/api/register')).toEqual([]);
  });

  it("sends the email as username, and says 'Login failed' with the server's message", async () => {
    const api = fakeApi({ 'POST /api/login': () => json({ message: 'Too many attempts. Please try again in 15 minutes.', code: 'RATE_LIMITED' }, 429) });
    await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    expect(api.callsTo('POST', '/api/login')[0]?.body).toEqual({ username: 'ada@example.com', password: 'secret1' });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });

  it("falls back to 'Invalid email or password', and to 'An error occurred while logging in' on an exception", async () => {
    fakeApi({ 'POST /api/login': () => new Response('', { status: 401, statusText: 'Unauthorized' }) });
    await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new SyntaxError('Unexpected token'))));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while logging in'));
  });

  it('shows the verification screen when the account is not verified yet', async () => {
    fakeApi({ 'POST /api/login': () => json({ message: 'Login successful', ...unverified }) });
    await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it('goes to /subscribe?plan= after signing in from a plan, keeping the request in redirectTo', async () => {
    const api = fakeApi({ 'POST /api/login': ({ body }) => json({ message: 'Login successful', ...makeUser(), redirectTo: (body as { redirectTo: string }).redirectTo }) });
    const { router } = await openAuth('/auth?redirect=subscribe&plan=professional');
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(currentUrl(router)).toBe('/subscribe?plan=professional'));
    expect(api.callsTo('POST', '/api/login')[0]?.body).toMatchObject({ redirectTo: '/subscribe?plan=professional' });
    expect(await screen.findByText('Welcome back, Ada Lovelace!')).toBeInTheDocument();
  });

  it("toasts 'Trial expired' and opens the plans when the trial is over", async () => {
    fakeApi({
      'POST /api/login': () =>
        json({ message: 'Login successful', ...makeUser({ trialStatus: { isTrialActive: false, daysRemaining: 0, trialEndDate: null, shouldRedirectToPayment: true } }) }),
    });
    const { router } = await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(currentUrl(router)).toBe('/subscribe?expiredTrial=true#plans'));
    expect(screen.getByText('Trial expired')).toBeInTheDocument();
  });

  it('opens profile setup for an incomplete profile', async () => {
    fakeApi({ 'POST /api/login': () => json({ message: 'Login successful', ...makeUser({ needsProfileCompletion: true, fullName: null }) }) });
    const { router } = await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(currentUrl(router)).toBe('/profile/setup'));
  });

  it('otherwise welcomes the user, stores the user id and reloads into /dashboard', async () => {
    fakeApi({ 'POST /api/login': () => json({ message: 'Login successful', ...makeUser() }) });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { queryClient } = await openAuth();
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada Lovelace!')).toBeInTheDocument();
    expect(window.localStorage.getItem('userId')).toBe('7');
    expect(queryClient.getQueryData(userQueryKey(false))).toMatchObject({ id: 7, email: 'ada@example.com' });
  });

  it('registers, resets the form and shows the verification screen with its cooldown, signed out', async () => {
    const api = fakeApi({
      'POST /api/register': () =>
        json({ message: 'Registration successful', user: unverified, needsVerification: true, needsProfileCompletion: true, trialStatus: unverified.trialStatus, verificationEmailSent: true }, 201),
    });
    const { queryClient } = await openAuth('/auth?tab=register');
    await fillRegister('ada@example.com', 'secret1');
    expect(api.callsTo('POST', '/api/register')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Please check your inbox to verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
    expect(window.localStorage.getItem('userId')).toBe('7');
    // Registration starts no session (the emailed link does), so nobody is cached as signed in.
    expect(queryClient.getQueryData(userQueryKey(false))).toBeNull();
  });

  it("says 'Registration failed' with the server message, or its own words", async () => {
    fakeApi({ 'POST /api/register': () => json({ message: 'Too many attempts. Please try again in 42 minutes.', code: 'RATE_LIMITED' }, 429) });
    await openAuth('/auth?tab=register');
    await fillRegister('ada@example.com', 'secret1');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Too many attempts. Please try again in 42 minutes.');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new SyntaxError('Unexpected token'))));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during registration'));
  });

  it('Back to Login signs the unverified session out and shows the form', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(unverified), 'POST /api/logout': () => json({ message: 'Logged out' }) });
    renderApp('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/logout')).toHaveLength(1));
  });
});

describe('a signed-in user opening /auth', () => {
  it.each([
    ['/auth', makeUser(), '/dashboard'],
    ['/auth?redirect=subscribe&plan=starter', makeUser(), '/subscribe?plan=starter'],
    ['/auth?redirect=subscribe&plan=starter', makeUser({ needsProfileCompletion: true }), '/profile/setup'],
  ])('%s goes on', async (path, user, target) => {
    fakeApi({ 'GET /api/user': () => json(user) });
    const { router } = renderApp(path);
    await waitFor(() => expect(currentUrl(router)).toBe(target));
  });
});

describe('Sign in with Google', () => {
  it('offers the button only when the server has Google, keeping where to go', async () => {
    fakeApi({ 'GET /api/auth/providers': () => json({ google: true }) });
    await openAuth('/auth?redirect=subscribe&plan=starter');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google?redirect=%2Fsubscribe%3Fplan%3Dstarter');
  });

  it('has no button when Google is not configured', async () => {
    const api = fakeApi({ 'GET /api/auth/providers': () => json({ google: false }) });
    await openAuth();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it.each([
    ['google', "We couldn't sign you in with Google."],
    ['google_unverified_email', "Google hasn't verified the email address of your Google account"],
  ])('explains ?error=%s', async (error, text) => {
    fakeApi();
    await openAuth(`/auth?error=${error}`);
    expect(within(screen.getByRole('alert')).getByText(new RegExp(text.replace(/[.?]/g, '\\$&')))).toBeInTheDocument();
  });
});

describe('interest-only /auth', () => {
  it("titles the Register tab 'Register Interest'", async () => {
    fakeApi();
    renderApp('/auth?tab=register', { flags: { interestOnly: true } });
    expect(await screen.findByRole('heading', { name: 'Register Interest' })).toBeInTheDocument();
  });
});
