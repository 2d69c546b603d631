import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../../shared/contracts/billing';
import type { ObjectHealth } from '../../../shared/contracts/results';
import { browser } from '../../lib/browser';
import { fakeApi, json, makeUser, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { connectedStatus, objectHealth } from '../dashboard/dashboard-fixtures';
import { ObjectHealthCard } from '../dashboard/object-health-card';
import { settingsView } from '../settings/settings-fixtures';
import { TOUR_STORAGE_KEYS } from '../tour/tour-state';
import { billingStatus, professionalStatus } from './billing-fixtures';
import { formatBillingDate } from './billing-words';

vi.setConfig({ testTimeout: 20_000 });

const PORTAL_URL = 'https://billing.stripe.test/p/session/bps_1';

beforeAll(async () => {
  await Promise.all([import('../../pages/settings-page'), import('../../pages/help-page')]);
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
  window.sessionStorage.clear();
});

function signedIn(status: BillingStatus, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/settings': () => json(settingsView()),
    'GET /api/hubspot/status': () => json(connectedStatus()),
    'GET /api/billing/status': () => json(status),
    'POST /api/billing/portal': () => json({ url: PORTAL_URL }),
    ...handlers,
  });
}

async function billingSection() {
  return screen.findByRole('region', { name: 'Billing' });
}

describe('Settings, Billing', () => {
  it('shows the plan, its status and renewal date in the reader locale, with Manage billing and Change plan', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    signedIn(professionalStatus());
    renderApp('/settings#billing');
    const section = await billingSection();
    await within(section).findByText('Professional');
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(section).getByText('Renews on').nextElementSibling).toHaveTextContent(formatBillingDate('2025-04-01T12:00:00.000Z'));
    expect(within(section).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/subscribe#plans');
    fireEvent.click(within(section).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });

  it('says when a cancelled plan ends', async () => {
    signedIn(professionalStatus({ subscription: { status: 'active', currentPeriodEnd: '2025-04-01T12:00:00.000Z', cancelAtPeriodEnd: true } }));
    renderApp('/settings');
    const section = await billingSection();
    const date = formatBillingDate('2025-04-01T12:00:00.000Z');
    expect(await within(section).findByText(`Your Professional plan ends on ${date}`)).toBeInTheDocument();
    expect(within(section).getByText('Ends on')).toBeInTheDocument();
  });

  it('shows the trial, and says billing is not configured without a portal button', async () => {
    signedIn(billingStatus({ configured: false }));
    renderApp('/settings');
    const section = await billingSection();
    expect(await within(section).findByText(BILLING_NOT_CONFIGURED)).toBeInTheDocument();
    expect(within(section).getByText('Free trial')).toBeInTheDocument();
    expect(within(section).getByText('Trial: 10 days left')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Change plan' })).toBeInTheDocument();
  });

  it('says in words when the portal cannot open', async () => {
    signedIn(professionalStatus(), { 'POST /api/billing/portal': () => json({ message: BILLING_NOT_CONFIGURED, code: 'BILLING_NOT_CONFIGURED' }, 503) });
    renderApp('/settings');
    const section = await billingSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Manage billing' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(`The billing portal could not be opened. ${BILLING_NOT_CONFIGURED}`);
  });

  it('has no billing in the demo, and asks nothing of the billing API', async () => {
    const api = fakeApi({ 'GET /api/demo/settings': () => json(settingsView()), 'GET /api/demo/hubspot/status': () => json(connectedStatus()) });
    renderApp('/demo/settings');
    const section = await billingSection();
    expect(section).toHaveTextContent('The demo has no billing.');
    expect(api.calls.filter((call) => call.url.includes('billing'))).toEqual([]);
  });
});

describe('the payment failed banner', () => {
  it('warns in the signed-in app, opens the portal to update the card, and stays closed for the session once dismissed', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    signedIn(professionalStatus({ paymentFailed: true }));
    const first = renderApp('/help');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your last payment failed');
    fireEvent.click(within(banner).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss the payment warning' }));
    expect(screen.queryByText(/Your last payment failed/)).not.toBeInTheDocument();
    first.unmount();

    renderApp('/help');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByText(/Your last payment failed/)).not.toBeInTheDocument());
  });

  it('is not there while payments are in order', async () => {
    const api = signedIn(professionalStatus());
    renderApp('/help');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo('GET', '/api/billing/status')).toHaveLength(1));
    expect(screen.queryByText(/Your last payment failed/)).not.toBeInTheDocument();
  });
});

describe('the record limit on the dashboard', () => {
  const limited = (selection: Record<string, unknown>) => objectHealth({ selection: selection as unknown as ObjectHealth['selection'] });

  function renderCard(health: ObjectHealth, user = makeUser({ plan: 'starter', trialStatus: { isTrialActive: false, daysRemaining: 0, trialEndDate: null, shouldRedirectToPayment: false } })) {
    fakeApi({ 'GET /api/user': () => json(user) });
    renderApp('/dashboard', { routes: [{ path: '/dashboard', element: <ObjectHealthCard health={health} basePath="" /> }] });
  }

  it("says what the plan analyses, how many are in HubSpot, and offers the next plan's limit", async () => {
    renderCard(limited({ inMirror: 12_345, scanned: 10_000, limitedBy: 'plan-limit', samplingRate: 100, recordLimit: 10_000 }));
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your Starter plan analyses up to 10,000 contacts; 12,345 are in HubSpot. Upgrade to Professional to analyse up to 50,000.');
    expect(within(note).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/subscribe?plan=professional#plans');
  });

  it('offers Enterprise, with every record, above Professional', async () => {
    renderCard(limited({ inMirror: 80_000, scanned: 50_000, limitedBy: 'plan-limit', samplingRate: 100, recordLimit: 50_000 }), makeUser({ plan: 'professional' }));
    const note = await screen.findByRole('note');
    await waitFor(() => expect(note).toHaveTextContent('Your Professional plan analyses up to 50,000 contacts; 80,000 are in HubSpot. Upgrade to Enterprise to analyse them all.'));
  });

  it("keeps the settings cap's own note", async () => {
    renderCard(limited({ inMirror: 12_345, scanned: 5_000, limitedBy: 'record-limit', samplingRate: 100, recordLimit: 5_000 }));
    expect(await screen.findByText('5,000 of 12,345 records (record limit)')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
