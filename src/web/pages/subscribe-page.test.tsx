import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../shared/contracts/billing';
import { billingStatus, professionalStatus } from '../features/billing/billing-fixtures';
import { browser } from '../lib/browser';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { renderApp } from '../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await import('./subscribe-page');
});

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';
const PORTAL_URL = 'https://billing.stripe.test/p/session/bps_1';

/** A signed-in user whose billing status is `status`. */
function signedIn(status: BillingStatus, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/billing/status': () => json(status),
    'POST /api/billing/checkout': () => json({ url: CHECKOUT_URL }),
    'POST /api/billing/portal': () => json({ url: PORTAL_URL }),
    ...handlers,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

async function openPlans(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
  return view;
}

describe('/subscribe for a visitor', () => {
  it('shows each plan with price, record limit and features, Professional the most popular; choosing one signs in first', async () => {
    const api = fakeApi();
    await openPlans('/subscribe');
    await waitFor(() => expect(within(card('Starter')).getByRole('link', { name: 'Choose Starter' })).toHaveAttribute('href', '/auth?redirect=subscribe&plan=starter'));
    expect(card('Starter')).toHaveTextContent('$9/month');
    expect(card('Starter')).toHaveTextContent('Up to 10,000 records');
    expect(card('Professional')).toHaveTextContent('$29/month');
    expect(card('Professional')).toHaveTextContent('Up to 50,000 records');
    expect(card('Professional')).toHaveTextContent('MOST POPULAR');
    expect(card('Professional')).toHaveTextContent('Daily scan schedule');
    expect(card('Enterprise')).toHaveTextContent('$199/month');
    expect(card('Enterprise')).toHaveTextContent('Unlimited records');
    expect(within(card('Enterprise')).getByRole('link', { name: 'Choose Enterprise' })).toHaveAttribute('href', '/auth?redirect=subscribe&plan=enterprise');
    expect(api.callsTo('GET', '/api/billing/status')).toEqual([]);
  });

  it('marks the plan of ?plan= as the choice', async () => {
    fakeApi();
    await openPlans('/subscribe?plan=starter#plans');
    expect(card('Starter')).toHaveAttribute('aria-current', 'true');
    expect(card('Starter')).toHaveTextContent('Your choice');
    expect(card('Starter').className).toContain('ring-2');
    expect(card('Professional').className).not.toContain('ring-2');
  });

  it('offers Register Interest instead of buying in the interest-only build', async () => {
    fakeApi();
    renderApp('/subscribe', { flags: { interestOnly: true } });
    const link = await screen.findByRole('link', { name: 'Register Interest, Professional plan' });
    expect(link).toHaveAttribute('href', '/auth?tab=register&redirect=subscribe&plan=professional');
    expect(screen.queryByText(/Choose Professional/)).not.toBeInTheDocument();
  });
});

describe('/subscribe for a signed-in user', () => {
  it('shows the trial days left and starts Checkout for the plan chosen, busy until the browser leaves', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer: (response: Response) => void = () => undefined;
    const api = signedIn(billingStatus(), { 'POST /api/billing/checkout': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openPlans('/subscribe');
    expect(await screen.findByText('Trial: 10 days left')).toBeInTheDocument();
    expect(screen.getByText('Free trial')).toBeInTheDocument();

    fireEvent.click(within(card('Professional')).getByRole('button', { name: 'Choose Professional' }));
    expect(await within(card('Professional')).findByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
    expect(within(card('Starter')).getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/billing/checkout').map((call) => call.body)).toEqual([{ plan: 'professional' }]);
    answer(json({ url: CHECKOUT_URL }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(within(card('Professional')).getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it('offers a signed-in user the way back to the app in the header, not a sign-in', async () => {
    signedIn(billingStatus());
    await openPlans('/subscribe');
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(header).findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
  });

  it('says in words why Checkout could not start, and lets the user try again', async () => {
    const refusal = 'You already have a subscription: change your plan in the billing portal.';
    signedIn(billingStatus(), { 'POST /api/billing/checkout': () => json({ message: refusal, code: 'SUBSCRIPTION_EXISTS' }, 409) });
    await openPlans('/subscribe');
    await screen.findByText('Trial: 10 days left');
    fireEvent.click(within(card('Starter')).getByRole('button', { name: 'Choose Starter' }));
    expect(await within(card('Starter')).findByRole('alert')).toHaveTextContent(`Checkout could not start. ${refusal}`);
    expect(within(card('Starter')).getByRole('button', { name: 'Choose Starter' })).toBeEnabled();
  });

  it('says plainly when billing is not configured, with the buy buttons off and the rest of the page working', async () => {
    const api = signedIn(billingStatus({ configured: false }));
    await openPlans('/subscribe?plan=professional');
    expect(await screen.findByText(BILLING_NOT_CONFIGURED)).toBeInTheDocument();
    for (const name of ['Starter', 'Professional', 'Enterprise']) expect(within(card(name)).getByRole('button', { name: `Choose ${name}` })).toBeDisabled();
    expect(screen.getByText('Trial: 10 days left')).toBeInTheDocument();
    expect(card('Professional')).toHaveTextContent('Your choice');
    expect(api.callsTo('POST', '/api/billing/checkout')).toEqual([]);
  });

  it('explains an ended trial: what is kept, and that scans wait for a plan', async () => {
    signedIn(billingStatus({ tier: 'free', trial: { active: false, daysLeft: 0, endsAt: '2025-02-01T00:00:00.000Z' } }));
    await openPlans('/subscribe?expiredTrial=true#plans');
    expect(screen.getByText('Your free trial has ended')).toBeInTheDocument();
    expect(screen.getByText(/Scans have stopped until you choose a plan\. Nothing is lost: your settings, scan history and duplicate reviews are kept, and you can still export your data\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'download your data' })).toHaveAttribute('href', '/gdpr');
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByText(/Trial: /)).not.toBeInTheDocument();
  });

  it('marks the current plan and opens the billing portal from it; other plans change there too', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = signedIn(professionalStatus());
    await openPlans('/subscribe');
    const current = card('Professional');
    await within(current).findByText('Current plan');
    expect(screen.getByText('Your plan:').parentElement).toHaveTextContent('Your plan: Professional');
    expect(within(card('Starter')).getByRole('button', { name: 'Switch to Starter' })).toBeEnabled();
    fireEvent.click(within(current).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST', '/api/billing/checkout')).toEqual([]);
  });

  it('after paying, waits for the plan to show, then says it is active and asks for the user again', async () => {
    let asked = 0;
    const api = signedIn(billingStatus(), { 'GET /api/billing/status': () => json(++asked < 2 ? billingStatus() : professionalStatus()) });
    await openPlans('/subscribe?checkout=success&plan=professional');
    expect(await screen.findByText('Activating your Professional plan...')).toBeInTheDocument();
    expect(await screen.findByText('Payment received: your Professional plan is active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(api.callsTo('GET', '/api/user').length).toBeGreaterThanOrEqual(2));
  });

  it('says a cancelled Checkout charged nothing', async () => {
    signedIn(billingStatus());
    await openPlans('/subscribe?checkout=cancelled&plan=starter');
    expect(await screen.findByText('Checkout cancelled: you have not been charged.')).toBeInTheDocument();
  });
});
