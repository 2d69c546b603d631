import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HealthResults } from '../../shared/contracts/results';
import type { ScanRun } from '../../shared/contracts/scans';
import {
  connectedStatus,
  disconnectedStatus,
  duplicationByField,
  emptyResults,
  healthResults,
  historicalTrends,
} from '../features/dashboard/dashboard-fixtures';
import { FakeEventSource, scanRun } from '../features/scans/scan-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const finishedRun = scanRun({ id: 70, status: 'completed', finishedAt: '2025-03-01T10:05:00.000Z' }, { phase: 'done', percent: 100, message: 'Scan complete' });

/** The API of a connected user with results; `state` changes what later calls answer. */
function dashboardApi(state: { results?: HealthResults; lastScan?: ScanRun | null } = {}, handlers: Record<string, Handler> = {}) {
  const current = { results: healthResults(), lastScan: finishedRun as ScanRun | null, ...state };
  const api = fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/hubspot/status': () => json(connectedStatus()),
    'GET /api/hubspot/results': () => json(current.results),
    'GET /api/hubspot/historical-trends': () => json(historicalTrends()),
    'GET /api/hubspot/duplication-by-field': () => json(duplicationByField()),
    'GET /api/settings/last-scan': () => json({ lastScan: current.lastScan }),
    'GET /api/hubspot/recommendations': () => json({ recommendations: [], basedOnScanAt: null, aiRewritten: false, hidden: 0 }),
    ...handlers,
  });
  return { ...api, current };
}

// The whole app renders here (route guard, shell, lazy page): on a busy machine the first
// render can outlast findBy's default second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  // The route loads the page lazily; compile it once up front rather than inside a test's wait.
  await import('./dashboard-page');
});

beforeEach(() => {
  // The product tour opens on a first visit; these tests are about the dashboard.
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

describe('/dashboard empty states', () => {
  it('explains DataCleaner and links to Settings while HubSpot is not connected', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/status': () => json(disconnectedStatus), 'GET /api/settings/last-scan': () => json({ lastScan: null }) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Connect HubSpot to get started' })).toBeInTheDocument();
    expect(screen.getByText(/finds duplicate records and incomplete or stale data/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect HubSpot in Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Scan now' })).not.toBeInTheDocument();
  });

  it('asks to reconnect when HubSpot stopped accepting the connection', async () => {
    const problem = 'HubSpot no longer accepts the connection. Connect HubSpot again in Settings.';
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/status': () => json({ ...disconnectedStatus, problem }), 'GET /api/settings/last-scan': () => json({ lastScan: null }) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Reconnect HubSpot' })).toBeInTheDocument();
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect HubSpot in Settings' })).toHaveAttribute('href', '/settings');
  });

  it('offers Scan now, and says what a scan does, before the first scan', async () => {
    dashboardApi({ results: emptyResults, lastScan: null });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Run your first scan' })).toBeInTheDocument();
    expect(screen.getByText('Connected to acme.hubspot.com')).toBeInTheDocument();
    expect(screen.getByText(/Compares records to find duplicates/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scan now' })).toBeEnabled());
  });
});

describe('/dashboard loading and errors', () => {
  it('shows a skeleton while loading', async () => {
    dashboardApi({}, { 'GET /api/hubspot/status': () => new Promise<Response>(() => undefined) });
    renderApp('/dashboard');
    expect(await screen.findByText('Loading your dashboard…')).toBeInTheDocument();
  });

  it('says when the dashboard cannot load, and Retry tries again', async () => {
    let fail = true;
    dashboardApi({}, { 'GET /api/hubspot/status': () => (fail ? json({ message: 'boom', code: 'INTERNAL_ERROR' }, 500) : json(connectedStatus())) });
    renderApp('/dashboard');
    expect(await screen.findByText('Your dashboard could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Overall health score: 77 out of 100, fair' })).toBeInTheDocument();
  });

  it('lets a section that failed be retried on its own', async () => {
    let fail = true;
    dashboardApi({}, { 'GET /api/hubspot/duplication-by-field': () => (fail ? json({ message: 'boom', code: 'INTERNAL_ERROR' }, 500) : json(duplicationByField())) });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Duplication by field could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Phone number')).toBeInTheDocument();
  });
});

describe('/dashboard with results', () => {
  it('shows the overall score, a card per object type, the charts and the top issues', async () => {
    dashboardApi();
    renderApp('/dashboard');
    expect(await screen.findByRole('img', { name: 'Overall health score: 77 out of 100, fair' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeInTheDocument();

    const contacts = screen.getByRole('article', { name: 'Contacts' });
    expect(within(contacts).getByRole('img', { name: 'Contacts health score: 82 out of 100, healthy' })).toBeInTheDocument();
    expect(within(contacts).getByText('Records').nextSibling).toHaveTextContent('1,200');
    expect(within(contacts).getByText('Duplicates', { selector: 'dt.text-xs' }).nextSibling).toHaveTextContent('48(4%)');
    for (const [part, score] of [
      ['Completeness', '75'],
      ['Freshness', '90'],
      ['Duplicates', '85'],
      ['Update frequency', '70'],
    ]) {
      expect(within(contacts).getByText(part!, { selector: 'dt.text-slate-600' }).nextSibling).toHaveTextContent(score!);
    }
    expect(within(contacts).getByText('Last scan:')).toHaveTextContent('Last scan: 3 hours ago');
    const time = within(contacts).getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    fireEvent.focus(time);
    expect(screen.getByRole('tooltip')).toHaveTextContent(/\d{4}/);
    expect(within(contacts).getByRole('link', { name: /Review contacts duplicates/ })).toHaveAttribute('href', '/duplicates?objectType=contacts');

    const companies = screen.getByRole('article', { name: 'Companies' });
    expect(within(companies).getByText('Sampled 10% of 3,000 records')).toBeInTheDocument();
    expect(within(companies).queryByRole('link')).not.toBeInTheDocument();

    const trends = screen.getByRole('region', { name: 'Health over time' });
    expect(await within(trends).findByRole('img', { name: /Contacts: from 61 to 82 \(3 scans\)\. Companies: 55 \(1 scan\)\./ })).toBeInTheDocument();
    expect(trends.querySelectorAll('polyline[data-series]')).toHaveLength(2);
    expect(within(trends).getAllByRole('row')).toHaveLength(5);

    const duplication = screen.getByRole('region', { name: 'Duplication by field' });
    const bars = await within(duplication).findByRole('list', { name: /Contacts/ });
    expect(within(bars).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Phone number10% · 120 records', 'Email3% · 36 records']);

    const issues = screen.getByRole('region', { name: 'Top issues' });
    const items = within(issues).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('20 groups of duplicate records');
    expect(within(items[0]!).getByRole('link', { name: 'Review and merge duplicate contacts' })).toHaveAttribute('href', '/duplicates?objectType=contacts');
    // Each object type's worst gap, the bigger share first.
    expect(items[1]).toHaveTextContent('Company domain name missing');
    expect(items[1]).toHaveTextContent('HubSpot uses the domain to associate contacts with their company');
    expect(items[2]).toHaveTextContent('Email missing');
    expect(items[2]).toHaveTextContent('240 of 1,200 contacts (20%) have an empty Email field.');
    expect(items[2]).toHaveTextContent('Without an email address a contact cannot get marketing emails');
    expect(items[2]).toHaveTextContent('What to do: Make it a required field on your forms');
  });

  it('reads the demo API and links inside the demo, with no Scan now', async () => {
    fakeApi({
      'GET /api/demo/hubspot/status': () => json(connectedStatus()),
      'GET /api/demo/hubspot/results': () => json(healthResults()),
      'GET /api/demo/hubspot/historical-trends': () => json(historicalTrends()),
      'GET /api/demo/hubspot/duplication-by-field': () => json(duplicationByField()),
      'GET /api/demo/settings/last-scan': () => json({ lastScan: null }),
    });
    // The request layer picks the demo API from the browser's own address.
    window.history.pushState({}, '', '/demo/dashboard');
    renderApp('/demo/dashboard');
    const contacts = await screen.findByRole('article', { name: 'Contacts' });
    expect(within(contacts).getByRole('link', { name: /Review contacts duplicates/ })).toHaveAttribute('href', '/demo/duplicates?objectType=contacts');
    expect(screen.queryByRole('button', { name: 'Scan now' })).not.toBeInTheDocument();
    window.history.pushState({}, '', '/');
  });
});

describe('/dashboard scans', () => {
  beforeEach(() => FakeEventSource.install());

  it('Scan now starts a scan, shows its live progress, then refreshes the dashboard and toasts', async () => {
    const api = dashboardApi({}, { 'POST /api/scans': () => json(scanRun({ status: 'queued' }, { phase: 'queued', message: 'Waiting to start' }), 202) });
    renderApp('/dashboard');
    const scanNow = await screen.findByRole('button', { name: 'Scan now' });
    await waitFor(() => expect(scanNow).toBeEnabled());
    fireEvent.click(scanNow);

    expect(await screen.findByRole('heading', { name: 'Scan queued' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/scans')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Scan running/ })).toBeDisabled();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/scans/77/events');
    expect(source.withCredentials).toBe(true);

    act(() => source.emit('progress', scanRun({}, { percent: 45, message: 'Fetching contacts from HubSpot', recordsFetched: 1234, recordsExpected: 5000 })));
    expect(screen.getByRole('heading', { name: 'Scan in progress' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('45%')).toBeInTheDocument();
    expect(screen.getByText('Fetching contacts from HubSpot')).toBeInTheDocument();
    expect(screen.getByText('Records fetched').nextSibling).toHaveTextContent('1,234 of 5,000');

    const resultsCalls = api.callsTo('GET', '/api/hubspot/results').length;
    const done = scanRun(
      {
        status: 'completed',
        finishedAt: '2025-03-01T10:05:00.000Z',
        results: [
          { scanId: 21, objectType: 'contacts', totalRecords: 1200, duplicateRecords: 48, healthScore: 82.4 },
          { scanId: 22, objectType: 'companies', totalRecords: 300, duplicateRecords: 0, healthScore: 55 },
        ],
      },
      { phase: 'done', percent: 100, completedTypes: 2, message: 'Scan complete' },
    );
    api.current.lastScan = done;
    act(() => source.emit('done', done));

    expect(await screen.findByText('Scan complete')).toBeInTheDocument();
    expect(screen.getByText('Scanned 1,500 records and found 48 duplicates.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(source.closed).toBe(true);
    await waitFor(() => expect(api.callsTo('GET', '/api/hubspot/results').length).toBeGreaterThan(resultsCalls));
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeEnabled();
  });

  it('follows a scan that is already running when the page opens', async () => {
    dashboardApi({ lastScan: scanRun({ id: 55, trigger: 'schedule' }, { percent: 30, message: 'Looking for duplicate contacts', phase: 'analyzing' }) });
    renderApp('/dashboard');
    expect(await screen.findByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('Looking for duplicate contacts')).toBeInTheDocument();
    expect(FakeEventSource.latest().url).toBe('/api/scans/55/events');
    expect(screen.getByRole('button', { name: /Scan running/ })).toBeDisabled();
  });

  it('attaches to the running scan when Scan now answers 409 SCAN_IN_PROGRESS', async () => {
    const api = dashboardApi(
      {},
      {
        'POST /api/scans': () => {
          api.current.lastScan = scanRun({ id: 88, trigger: 'schedule' }, { percent: 12, message: 'Fetching contacts from HubSpot' });
          return json({ message: 'A scan is already running. Wait for it to finish, or cancel it.', code: 'SCAN_IN_PROGRESS' }, 409);
        },
      },
    );
    renderApp('/dashboard');
    const scanNow = await screen.findByRole('button', { name: 'Scan now' });
    await waitFor(() => expect(scanNow).toBeEnabled());
    fireEvent.click(scanNow);
    expect(await screen.findByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '12');
    expect(FakeEventSource.latest().url).toBe('/api/scans/88/events');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel asks the server to stop the scan, and the dashboard says when it has', async () => {
    const api = dashboardApi({ lastScan: scanRun({}, { percent: 20, message: 'Fetching contacts from HubSpot' }) }, { 'POST /api/scans/77/cancel': () => json(scanRun({}, { percent: 20 })) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel scan' }));
    expect(await screen.findByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Cancelling the scan…' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/scans/77/cancel')).toHaveLength(1);

    const cancelled = scanRun({ status: 'cancelled' }, { phase: 'done', percent: 20, message: 'Scan cancelled' });
    api.current.lastScan = cancelled;
    act(() => FakeEventSource.latest().emit('done', cancelled));
    expect(await screen.findByText('Scan cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's errorMessage when the scan fails", async () => {
    const api = dashboardApi({ lastScan: scanRun({}, { percent: 20 }) });
    renderApp('/dashboard');
    await screen.findByRole('progressbar', { name: 'Scan progress' });
    const failed = scanRun({ status: 'failed', errorMessage: 'HubSpot refused the access token. Connect HubSpot again in Settings.' }, { phase: 'done', message: 'Scan failed' });
    api.current.lastScan = failed;
    act(() => FakeEventSource.latest().emit('done', failed));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The last scan failed');
    expect(alert).toHaveTextContent('HubSpot refused the access token. Connect HubSpot again in Settings.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a scan could not start', async () => {
    dashboardApi({ results: emptyResults, lastScan: null }, { 'POST /api/scans': () => json({ message: 'Connect HubSpot in Settings before running a scan.', code: 'HUBSPOT_NOT_CONNECTED' }, 409) });
    renderApp('/dashboard');
    const scanNow = await screen.findByRole('button', { name: 'Scan now' });
    await waitFor(() => expect(scanNow).toBeEnabled());
    fireEvent.click(scanNow);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The scan could not start');
    expect(alert).toHaveTextContent('Connect HubSpot in Settings before running a scan.');
  });

  it('runs the first scan inside the empty state', async () => {
    dashboardApi({ results: emptyResults, lastScan: null }, { 'POST /api/scans': () => json(scanRun({}, { percent: 5, message: 'Fetching contacts from HubSpot' }), 202) });
    renderApp('/dashboard');
    const scanNow = await screen.findByRole('button', { name: 'Scan now' });
    await waitFor(() => expect(scanNow).toBeEnabled());
    fireEvent.click(scanNow);
    const firstScan = screen.getByRole('region', { name: 'Run your first scan' });
    expect(await within(firstScan).findByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '5');
    expect(within(firstScan).getByRole('button', { name: 'Cancel scan' })).toBeInTheDocument();
  });
});
