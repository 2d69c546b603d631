import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoricalTrends } from '../../shared/contracts/results';
import { connectedStatus, disconnectedStatus, duplicationByField, emptyResults, healthResults, historicalTrends, HOUR_MS } from '../features/dashboard/dashboard-fixtures';
import { ROWS_ON_SCREEN } from '../features/reports/scan-history-table';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

function reportsApi(handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/hubspot/status': () => json(connectedStatus()),
    'GET /api/hubspot/results': () => json(healthResults()),
    'GET /api/hubspot/historical-trends': () => json(historicalTrends()),
    'GET /api/hubspot/duplication-by-field': () => json(duplicationByField()),
    ...handlers,
  });
}

/** Many contacts scans, one a day, to page the table. */
function longHistory(count: number): HistoricalTrends {
  const points = Array.from({ length: count }, (_, i) => ({
    scanId: 100 + i,
    timestamp: new Date(Date.now() - (count - i) * 24 * HOUR_MS).toISOString(),
    healthScore: 50 + (i % 40),
    completenessScore: 70,
    freshnessScore: 80,
    duplicateScore: 90,
    updateFrequencyScore: 60,
    totalRecords: 1000,
    duplicateRecords: 10,
  }));
  return { days: 90, series: [{ objectType: 'contacts', points }] };
}

// The whole app renders here (route guard, shell, lazy page): on a busy 2-core machine the
// first render can outlast the default waits.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await import('./reports-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

const panel = (name: string | RegExp) => screen.getByRole('region', { name });

describe('/reports', () => {
  it('shows each object type at a glance, the trends, completeness per property, duplication and the scan history', async () => {
    reportsApi();
    renderApp('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();

    const glance = await screen.findByRole('region', { name: 'At a glance' });
    const cards = within(glance).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Contacts');
    expect(cards[0]).toHaveTextContent('82health score');
    // 61 three weeks ago, 82 now.
    expect(cards[0]).toHaveTextContent(/Up 21 points since/);
    expect(cards[0]).toHaveTextContent('3 scans · 1,011 records · 40 duplicates');
    expect(cards[1]).toHaveTextContent('One scan in this period');

    const trends = panel('Health over time');
    expect(within(trends).getByRole('img', { name: /Contacts: from 61 to 82 \(3 scans\)\. Companies: 55 \(1 scan\)\./ })).toBeInTheDocument();

    const completeness = panel('Completeness by property');
    const contacts = within(completeness).getByRole('list', { name: /Contacts/ });
    // The emptiest property first, each with its weight and counts.
    expect(within(contacts).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Phone numberweight 250% · 600 of 1,200', 'Emailweight 380% · 960 of 1,200']);
    expect(within(completeness).getByRole('heading', { name: /Companies/ })).toHaveTextContent('Completeness 40');

    const duplication = panel('Duplication by field');
    expect(await within(duplication).findByRole('list', { name: /Contacts/ })).toBeInTheDocument();

    const history = panel('Scan history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    // Newest first: the two scans of a few hours ago, then older contacts scans.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Companies', 'Contacts', 'Contacts', 'Contacts']);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([expect.any(String), '82', '70', '80', '90', '60', '1,011', '40']);
  });

  it('narrows every section to one object type, with its score parts over time', async () => {
    reportsApi();
    const { router } = renderApp('/reports');
    const filter = await screen.findByRole('group', { name: 'Object type' });
    fireEvent.click(within(filter).getByRole('button', { name: 'Contacts' }));
    expect(currentUrl(router)).toBe('/reports?type=contacts');
    expect(within(filter).getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-pressed', 'true');

    const trends = panel('Contacts: health and its parts over time');
    expect(within(trends).getByRole('img', { name: /^Contacts over the last 90 days, 0 to 100, 3 scans: Health score from 61 to 82; Completeness from 70 to 70;/ })).toBeInTheDocument();
    expect(within(within(trends).getByRole('list', { name: 'Lines on the chart' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Health score',
      'Completeness',
      'Freshness',
      'Duplicates',
      'Update frequency',
    ]);
    expect(trends.querySelectorAll('polyline[data-series]')).toHaveLength(5);

    expect(within(panel('Scan history')).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Contacts', 'Contacts', 'Contacts']);
    expect(within(panel('Completeness by property')).queryByRole('list', { name: /Companies/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'At a glance' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('opens at the object type and period in the address, and asks for the chosen period', async () => {
    const api = reportsApi();
    const { router } = renderApp('/reports?type=deals&days=30');
    // Deals were never scanned: each section says so for the period asked.
    expect(await screen.findAllByText('No completed deals scans in the last 30 days.')).toHaveLength(3);
    expect(api.callsTo('GET', '/api/hubspot/historical-trends').map((call) => call.url)).toEqual(['/api/hubspot/historical-trends?days=30']);
    expect(within(screen.getByRole('group', { name: 'Object type' })).getByRole('button', { name: 'Deals' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '1 year' }));
    expect(currentUrl(router)).toBe('/reports?type=deals&days=365');
    await waitFor(() => expect(api.callsTo('GET', '/api/hubspot/historical-trends').map((call) => call.url)).toContain('/api/hubspot/historical-trends?days=365'));
  });

  it('pages a long history on screen, and keeps every row for print', async () => {
    reportsApi({ 'GET /api/hubspot/historical-trends': () => json(longHistory(ROWS_ON_SCREEN + 5)) });
    renderApp('/reports');
    const history = await screen.findByRole('region', { name: 'Scan history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ROWS_ON_SCREEN + 5);
    expect(rows.filter((row) => row.classList.contains('hidden'))).toHaveLength(5);
    expect(rows.filter((row) => row.classList.contains('print:table-row'))).toHaveLength(5);

    fireEvent.click(within(history).getByRole('button', { name: `Show all ${ROWS_ON_SCREEN + 5} scans (5 more)` }));
    expect(within(history).getAllByRole('row').filter((row) => row.classList.contains('hidden'))).toHaveLength(0);
  });

  describe('export and print', () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:scan-history');
    let saved: { href: string; download: string }[] = [];

    beforeEach(() => {
      saved = [];
      Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
      Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => createObjectURL.mockClear());

    it('exports the scan history as CSV: a header row, then one row per scan', async () => {
      reportsApi();
      renderApp('/reports?type=contacts&days=30');
      const history = await screen.findByRole('region', { name: 'Scan history' });
      fireEvent.click(within(history).getByRole('button', { name: 'Export CSV' }));

      expect(saved).toHaveLength(1);
      expect(saved[0]!.download).toMatch(/^datacleaner-scan-history-contacts-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
      const blob = createObjectURL.mock.calls[0]![0];
      expect(blob.type).toBe('text/csv;charset=utf-8');
      const lines = (await blob.text()).split('\r\n');
      expect(lines[0]).toBe('Scanned at (UTC),Object type,Scan ID,Health score,Completeness,Freshness,Duplicates score,Update frequency,Records scanned,Duplicate records');
      expect(lines.slice(1, -1)).toHaveLength(3);
      expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Contacts,11,82\.4,70,80,90,60,1011,40$/);
      expect(lines.at(-1)).toBe('');
      expect(await screen.findByText(/3 scans saved as datacleaner-scan-history-contacts-30-days-/)).toBeInTheDocument();
    });

    it('prints a report of its own: the print rules and a heading saying what it covers', async () => {
      const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      reportsApi();
      const { container } = renderApp('/reports?days=365');
      fireEvent.click(await screen.findByRole('button', { name: 'Print report' }));
      expect(print).toHaveBeenCalledTimes(1);
      const styles = container.ownerDocument.querySelector('style[data-report-print-styles]');
      expect(styles?.textContent).toContain('@media print');
      expect(container.querySelector('[data-print-root]')).toContainElement(screen.getByRole('region', { name: 'Scan history' }));
      expect(screen.getByText(/^All object types, last 1 year\. Generated by DataCleaner on/)).toBeInTheDocument();
    });
  });

  it('explains reports and links to Settings before HubSpot is connected', async () => {
    reportsApi({
      'GET /api/hubspot/status': () => json(disconnectedStatus),
      'GET /api/hubspot/results': () => json(emptyResults),
      'GET /api/hubspot/historical-trends': () => json({ days: 90, series: [] }),
    });
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'No reports yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect HubSpot in Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Print report' })).not.toBeInTheDocument();
  });

  it('sends a connected user without scans to the dashboard to run one', async () => {
    reportsApi({ 'GET /api/hubspot/results': () => json(emptyResults), 'GET /api/hubspot/historical-trends': () => json({ days: 90, series: [] }) });
    renderApp('/reports');
    expect(await screen.findByRole('link', { name: 'Run a scan on the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says when the reports cannot load, and Retry tries again', async () => {
    let fail = true;
    reportsApi({ 'GET /api/hubspot/results': () => (fail ? json({ message: 'boom', code: 'INTERNAL_ERROR' }, 500) : json(healthResults())) });
    renderApp('/reports');
    expect(await screen.findByText('Your reports could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Scan history' })).toBeInTheDocument();
  });

  it('reads the demo API under /demo', async () => {
    const api = fakeApi({
      'GET /api/demo/hubspot/status': () => json(connectedStatus({ hubDomain: 'demo.hubspot.com' })),
      'GET /api/demo/hubspot/results': () => json(healthResults()),
      'GET /api/demo/hubspot/historical-trends': () => json(historicalTrends()),
      'GET /api/demo/hubspot/duplication-by-field': () => json(duplicationByField()),
    });
    window.history.pushState({}, '', '/demo/reports');
    try {
      renderApp('/demo/reports');
      expect(await screen.findByRole('region', { name: 'Scan history' })).toBeInTheDocument();
      expect(screen.getByText('demo.hubspot.com')).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/hubspot/results')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
