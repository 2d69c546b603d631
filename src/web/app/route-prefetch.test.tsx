import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedStatus, duplicationByField, healthResults, historicalTrends } from '../features/dashboard/dashboard-fixtures';
import { createQueryClient } from '../lib/query-client';
import { fakeApi, json } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { prefetchPageData } from './route-prefetch';

function demoApi() {
  return fakeApi({
    'GET /api/demo/hubspot/status': () => json(connectedStatus()),
    'GET /api/demo/hubspot/results': () => json(healthResults()),
    'GET /api/demo/hubspot/historical-trends': () => json(historicalTrends()),
    'GET /api/demo/hubspot/duplication-by-field': () => json(duplicationByField()),
    'GET /api/demo/settings/last-scan': () => json({ lastScan: null }),
    'GET /api/demo/hubspot/recommendations': () => json({ recommendations: [], basedOnScanAt: null, aiRewritten: false, hidden: 0 }),
  });
}

const DASHBOARD_DATA = ['/api/demo/hubspot/status', '/api/demo/hubspot/results', '/api/demo/hubspot/duplication-by-field', '/api/demo/settings/last-scan', '/api/demo/hubspot/historical-trends', '/api/demo/hubspot/recommendations'];

describe("a demo page's data, requested with its code", () => {
  // The request layer picks the demo API from the browser's own address.
  afterEach(() => window.history.pushState({}, '', '/'));

  it("asks for the dashboard's data, which the page then takes from the cache instead of asking again", async () => {
    const api = demoApi();
    const queryClient = createQueryClient();
    window.history.pushState({}, '', '/demo/dashboard');
    await prefetchPageData(queryClient, { pathname: '/demo/dashboard', search: '' });
    for (const url of DASHBOARD_DATA) expect(api.callsTo('GET', url), url).toHaveLength(1);

    renderApp('/demo/dashboard', { queryClient });
    const contacts = await screen.findByRole('article', { name: 'Contacts' });
    expect(within(contacts).getByRole('link', { name: /Review contacts duplicates/ })).toBeInTheDocument();
    await screen.findByRole('button', { name: '90 days' });
    // Same query keys as the page's own: nothing was requested twice.
    for (const url of DASHBOARD_DATA) expect(api.callsTo('GET', url), url).toHaveLength(1);
  });

  it('treats /demo as its dashboard, leaves a period in the address to the reports page, and asks for the settings', async () => {
    const api = demoApi();
    window.history.pushState({}, '', '/demo');
    await prefetchPageData(createQueryClient(), { pathname: '/demo', search: '' });
    expect(api.callsTo('GET', '/api/demo/hubspot/results')).toHaveLength(1);

    window.history.pushState({}, '', '/demo/reports?days=30');
    await prefetchPageData(createQueryClient(), { pathname: '/demo/reports', search: '?days=30' });
    expect(api.callsTo('GET', '/api/demo/hubspot/results')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/demo/hubspot/historical-trends')).toHaveLength(1);

    window.history.pushState({}, '', '/demo/settings');
    await prefetchPageData(createQueryClient(), { pathname: '/demo/settings', search: '' });
    expect(api.callsTo('GET', '/api/demo/settings')).toHaveLength(1);
  });

  it('asks for nothing outside the demo, or for an address the browser is not at', async () => {
    const api = demoApi();
    window.history.pushState({}, '', '/dashboard');
    await prefetchPageData(createQueryClient(), { pathname: '/dashboard', search: '' });
    window.history.pushState({}, '', '/blog');
    await prefetchPageData(createQueryClient(), { pathname: '/demo/dashboard', search: '' });
    expect(api.calls).toEqual([]);
  });
});
