import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../shared/contracts/auth';
import { apiKey, apiUsage, requestPage } from '../features/enterprise-api/enterprise-api-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const enterprise = makeUser({ plan: 'enterprise' });

/** A signed-in user's Enterprise API: the answers the page reads, and whatever a test adds. */
function enterpriseApi(user: ClientUser = enterprise, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(user),
    'GET /api/enterprise/keys': () => json({ keys: [apiKey({ id: 2, name: 'Sign-up form', prefix: 'dc_live_ffee0011' })] }),
    'GET /api/enterprise/usage': () => json(apiUsage()),
    'GET /api/enterprise/requests': () => json(requestPage()),
    'GET /api/enterprise/webhooks': () => json({ endpoints: [] }),
    'GET /api/enterprise/webhooks/deliveries': () => json({ deliveries: [], page: 1, pageSize: 10, total: 0 }),
    ...handlers,
  });
}

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await import('./enterprise-api-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

const panel = (name: string) => screen.getByRole('region', { name });

describe('/enterprise-api', () => {
  it('shows a new key once, with a copy button, then lists it by prefix only', async () => {
    let keys = [apiKey({ id: 2, name: 'Sign-up form', prefix: 'dc_live_ffee0011' })];
    const api = enterpriseApi(enterprise, {
      'GET /api/enterprise/keys': () => json({ keys }),
      'POST /api/enterprise/keys': ({ body }) => {
        const created = apiKey({ id: 3, name: (body as { name: string }).name, prefix: 'dc_live_0a0b0c0d' });
        keys = [created, ...keys];
        return json({ ...created, key: 'dc_live_0a0b0c0d_the-whole-secret' }, 201);
      },
    });
    renderApp('/enterprise-api');
    await screen.findByText('Sign-up form');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Warehouse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('dc_live_0a0b0c0d_the-whole-secret')).toBeInTheDocument();
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/enterprise/keys')[0]!.body).toEqual({ name: 'Warehouse' });
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    await within(list).findByText('Warehouse');
    expect(within(list).getByText('dc_live_0a0b0c0d…')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText('dc_live_0a0b0c0d_the-whole-secret')).not.toBeInTheDocument();
  });

  it('revokes a key only after the confirmation', async () => {
    const api = enterpriseApi(enterprise, { 'DELETE /api/enterprise/keys/2': () => json(apiKey({ id: 2, revokedAt: '2025-03-30T10:00:00.000Z' })) });
    renderApp('/enterprise-api');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Sign-up form' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke "Sign-up form"?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/enterprise/keys/2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Sign-up form' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/enterprise/keys/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows usage against the limits in numbers', async () => {
    enterpriseApi();
    renderApp('/enterprise-api');
    const usage = await screen.findByRole('region', { name: 'Usage' });
    await within(usage).findByText((1234).toLocaleString());
    expect(within(usage).getByText(`of ${(10_000).toLocaleString()} calls`)).toBeInTheDocument();
    expect(within(usage).getByText((45_678).toLocaleString())).toBeInTheDocument();
    expect(within(usage).getByRole('meter', { name: 'Today: calls used' })).toHaveAttribute('aria-valuenow', '1234');
    expect(within(usage).getByRole('img', { name: /last 30 days/ })).toBeInTheDocument();
  });

  it('asks the request log for the chosen status and endpoint, from the first page', async () => {
    const api = enterpriseApi(enterprise, { 'GET /api/enterprise/requests': () => json(requestPage({ total: 45 })) });
    renderApp('/enterprise-api');
    const log = await screen.findByRole('region', { name: 'Request log' });
    fireEvent.click(await within(log).findByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('page=2'))).toBe(true));
    fireEvent.click(within(log).getByRole('button', { name: 'Errors' }));
    fireEvent.change(within(log).getByLabelText('Endpoint contains'), { target: { value: '/api/v1/scans' } });
    await waitFor(() => {
      const last = new URL(api.callsTo('GET', '/api/enterprise/requests').at(-1)!.url, 'http://x');
      expect(Object.fromEntries(last.searchParams)).toEqual({ page: '1', pageSize: '20', status: 'error', endpoint: '/api/v1/scans' });
    });
  });

  it("gives examples in three languages against this server's origin with a placeholder key", async () => {
    enterpriseApi();
    renderApp('/enterprise-api');
    const examples = await screen.findByRole('region', { name: 'Examples' });
    const origin = window.location.origin;
    expect(within(examples).getAllByText(new RegExp(`curl -X POST '${origin}/api/v1/contacts/match'`)).length).toBe(1);
    expect(examples.textContent).toContain('Bearer YOUR_API_KEY');
    fireEvent.click(within(examples).getByRole('tab', { name: 'Python' }));
    expect(examples.textContent).toContain(`requests.get(\n    '${origin}/api/v1/duplicates`);
    fireEvent.click(within(examples).getByRole('tab', { name: 'JavaScript' }));
    expect(examples.textContent).toContain(`await fetch('${origin}/api/v1/scans'`);
    expect(within(examples).getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute('href', '/api/v1/openapi.json');
  });

  it('offers the API to a free account with an upgrade, and asks nothing of the API', async () => {
    const api = enterpriseApi(makeUser({ plan: 'free', trialStatus: { isTrialActive: false, daysRemaining: 0, trialEndDate: null, shouldRedirectToPayment: false } }));
    renderApp('/enterprise-api');
    const offer = await screen.findByRole('region', { name: 'The API is part of every paid plan' });
    expect(within(offer).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/subscribe?plan=professional#plans');
    expect(api.callsTo('GET', '/api/enterprise/keys')).toHaveLength(0);
  });

  it('says a Starter key is read-only and offers webhooks with an upgrade', async () => {
    enterpriseApi(makeUser({ plan: 'starter' }));
    renderApp('/enterprise-api');
    expect(await within(await screen.findByRole('region', { name: 'API keys' })).findByText(/read-only access/)).toBeInTheDocument();
    const hooks = panel('Webhooks');
    expect(within(hooks).getByRole('link', { name: /Upgrade to/ })).toBeInTheDocument();
    expect(within(hooks).queryByRole('form')).not.toBeInTheDocument();
  });

  it('in the demo, reads the demo API and explains a refused write', async () => {
    const refused = 'This is the demo, so nothing here can be changed. Start your free trial to clean up your own HubSpot portal.';
    const api = fakeApi({
      'GET /api/demo/user': () => json(makeUser({ isDemo: true })),
      'GET /api/demo/enterprise/keys': () => json({ keys: [apiKey()] }),
      'GET /api/demo/enterprise/usage': () => json(apiUsage()),
      'GET /api/demo/enterprise/requests': () => json(requestPage()),
      'GET /api/demo/enterprise/webhooks': () => json({ endpoints: [] }),
      'GET /api/demo/enterprise/webhooks/deliveries': () => json({ deliveries: [], page: 1, pageSize: 10, total: 0 }),
      'POST /api/demo/enterprise/keys': () => json({ message: refused, code: 'DEMO_READ_ONLY' }, 403),
    });
    // The API client reads demo mode from the browser's own address.
    window.history.pushState({}, '', '/demo/enterprise-api');
    try {
      renderApp('/demo/enterprise-api');
      expect(await screen.findByText('This is the demo')).toBeInTheDocument();
      await screen.findByText('Warehouse sync');
      fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Mine' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refused);
      expect(api.callsTo('GET', '/api/enterprise/keys')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
