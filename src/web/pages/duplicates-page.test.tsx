import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DuplicateGroupPage, DuplicateGroupView } from '../../shared/contracts/results';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { prefetchPageData } from '../app/route-prefetch';
import { createQueryClient } from '../lib/query-client';
import { renderApp } from '../test/render-app';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./duplicates-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

const contact = (id: string, first: string, last: string, email: string, extra: Record<string, string> = {}, isPrimary = false) => ({
  id,
  isPrimary,
  properties: { firstname: first, lastname: last, email, ...extra },
  updatedAt: '2025-02-01T10:00:00.000Z',
});

function group(id: number, overrides: Partial<DuplicateGroupView> = {}): DuplicateGroupView {
  return {
    id,
    objectType: 'contacts',
    scanId: 3,
    matchKey: 'email',
    confidence: 0.991,
    status: 'pending',
    primaryRecordId: '11',
    records: [contact('11', 'Robert', 'Smith', 'bob@acme.io', { phone: '+1 555 0100' }, true), contact('12', 'Bob', 'Smith', 'bob@acme.io', { phone: '' })],
    valueLabels: {},
    explanations: [
      {
        a: '11',
        b: '12',
        weight: 14.2,
        probability: 0.991,
        priorWeight: -9.1,
        fields: [
          { field: 'email', label: 'Email', level: 'exact match', exact: true, weight: 16.4, valueA: 'bob@acme.io', valueB: 'bob@acme.io' },
          { field: 'firstname', label: 'First name', level: 'same name (nickname)', exact: false, weight: 4.1, valueA: 'Robert', valueB: 'Bob' },
          { field: 'phone', label: 'Phone', level: 'different', exact: false, weight: -1.2, valueA: '+1 555 0100', valueB: '+1 555 0199' },
        ],
      },
    ],
    createdAt: '2025-02-02T10:00:00.000Z',
    updatedAt: '2025-02-02T10:00:00.000Z',
    ...overrides,
  };
}

const page = (groups: DuplicateGroupView[], total = groups.length): DuplicateGroupPage => ({ groups, page: 1, pageSize: 20, total });

describe('/duplicates', () => {
  it('lists groups, opens one with the records side by side, differing fields marked and the evidence charted', async () => {
    const second = group(2, { confidence: 0.85, records: [contact('21', 'Ann', 'Lee', 'ann@x.io', {}, true), contact('22', 'Anne', 'Lee', 'ann@x.io')], primaryRecordId: '21' });
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json(page([group(1), second])),
      'GET /api/duplicates/1': () => json(group(1)),
    });
    renderApp('/duplicates');
    const list = await screen.findByRole('list', { name: 'Duplicate groups' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(within(list).getByText('Robert Smith')).toBeInTheDocument();
    expect(within(list).getAllByText('Same Email')).toHaveLength(2);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    fireEvent.click(within(list).getByText('Robert Smith'));
    expect(await screen.findByRole('heading', { name: '2 contacts that look like the same contact' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Suggested primary')).toBeInTheDocument();
    // First name and phone differ (one phone is missing); the email is the same.
    const row = (label: string) => within(table).getByText(label).closest('tr')!;
    expect(row('First Name')).toHaveTextContent('(values differ)');
    expect(row('Phone Number')).toHaveTextContent('(values differ)');
    expect(row('Email')).not.toHaveTextContent('(values differ)');
    expect(screen.getByText('2 fields differ: marked in amber.')).toBeInTheDocument();

    const evidence = screen.getByRole('list', { name: "Each field's contribution" });
    const rows = within(evidence).getAllByRole('listitem');
    // Strongest evidence first, after the starting point.
    expect(rows.map((row) => within(row).getByText(/Email|First name|Phone|Starting point/).textContent)).toEqual(['Starting point', 'Email', 'First name', 'Phone']);
    expect(within(rows[1]!).getByText('+16.4')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('−1.2')).toBeInTheDocument();
    expect(screen.getByText(/match probability/)).toHaveTextContent('match probability 99.1%');
  });

  it('marks a group as not a duplicate, says so and moves on to the next group', async () => {
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json(page([group(1), group(2)])),
      'GET /api/duplicates/1': () => json(group(1)),
      'GET /api/duplicates/2': () => json(group(2)),
      'POST /api/duplicates/1/dismiss': () => json(group(1, { status: 'dismissed' })),
    });
    renderApp('/duplicates?group=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Not a duplicate' }));
    expect(await screen.findByText('Marked as not a duplicate')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/duplicates/1/dismiss')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/duplicates/2').length).toBeGreaterThan(0));
  });

  it('takes one record out of a larger group', async () => {
    const three = group(5, { records: [...group(5).records, contact('13', 'Rob', 'Smith', 'rob@other.io')] });
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json(page([three])),
      'GET /api/duplicates/5': () => json(three),
      'POST /api/duplicates/5/records/13/not-duplicate': () => json(group(5)),
    });
    renderApp('/duplicates?group=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Not a duplicate of the others: Rob Smith' }));
    expect(await screen.findByText('Record taken out of the group')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/duplicates/5/records/13/not-duplicate')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Rob Smith')).not.toBeInTheDocument());
  });

  it('sends the filters to the API and keeps them in the address', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/duplicates/groups': () => json(page([])) });
    renderApp('/duplicates');
    expect(await screen.findByText('No duplicates to review')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'companies' } });
    fireEvent.change(screen.getByLabelText('Confidence'), { target: { value: 'high' } });
    await waitFor(() => {
      const url = api.callsTo('GET', '/api/duplicates/groups').at(-1)!.url;
      expect(url).toContain('objectType=companies');
      expect(url).toContain('minConfidence=0.95');
    });
    expect(await screen.findByText('No groups match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByLabelText('Object type')).toHaveValue('all'));
    expect(screen.getByLabelText('Confidence')).toHaveValue('any');
    expect(await screen.findByText('No duplicates to review')).toBeInTheDocument();
  });

  it('offers every group the filters select as a CSV download, in the demo from the demo\u2019s API', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/duplicates/groups': () => json(page([group(1)])) });
    const first = renderApp('/duplicates?objectType=companies&confidence=high&page=2');
    const download = await screen.findByRole('link', { name: 'Download CSV' });
    const href = new URL(download.getAttribute('href')!, 'http://site.invalid');
    expect(href.pathname).toBe('/api/duplicates/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ status: 'pending', sort: 'confidence', objectType: 'companies', minConfidence: '0.95' });
    expect(download).toHaveAttribute('download');
    first.unmount();

    fakeApi({ 'GET /api/demo/user': () => json(makeUser({ isDemo: true })), 'GET /api/demo/duplicates/groups': () => json(page([group(1)])) });
    // The request layer picks the demo API from the browser's own address.
    window.history.pushState({}, '', '/demo/duplicates');
    renderApp('/demo/duplicates');
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toMatch(/^\/api\/demo\/duplicates\/export\.csv\?/);
    window.history.pushState({}, '', '/');
  });

  it("in the demo, the list and the open group requested with the page's code are taken from the cache, not asked for again", async () => {
    const api = fakeApi({
      'GET /api/demo/user': () => json(makeUser({ isDemo: true })),
      'GET /api/demo/duplicates/groups': () => json(page([group(1), group(2)])),
      'GET /api/demo/duplicates/2': () => json(group(2)),
    });
    const queryClient = createQueryClient();
    window.history.pushState({}, '', '/demo/duplicates?objectType=contacts&group=2');
    await prefetchPageData(queryClient, { pathname: '/demo/duplicates', search: '?objectType=contacts&group=2' });
    expect(api.callsTo('GET', '/api/demo/duplicates/groups')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/demo/duplicates/2')).toHaveLength(1);

    renderApp('/demo/duplicates?objectType=contacts&group=2', { queryClient });
    expect(await screen.findByRole('heading', { name: /2 contacts that look like the same contact/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/demo/duplicates/groups')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/demo/duplicates/2')).toHaveLength(1);
    window.history.pushState({}, '', '/');
  });

  it('filters on since from a notification link, shows it as a chip in local time, and drops it when removed', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/duplicates/groups': () => json(page([group(1)])) });
    const since = '2025-03-10T08:00:00.000Z';
    const { router } = renderApp(`/duplicates?objectType=contacts&sort=newest&since=${encodeURIComponent(since)}`);
    const label = `Found since ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(since))}`;
    expect(await screen.findByText(label)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/duplicates/groups').at(-1)!.url).toContain(`since=${encodeURIComponent(since)}`));
    expect(screen.getByLabelText('Order')).toHaveValue('newest');
    // Another filter keeps it.
    fireEvent.change(screen.getByLabelText('Confidence'), { target: { value: 'high' } });
    await waitFor(() => expect(api.callsTo('GET', '/api/duplicates/groups').at(-1)!.url).toContain('minConfidence=0.95'));
    expect(api.callsTo('GET', '/api/duplicates/groups').at(-1)!.url).toContain('since=');
    fireEvent.click(screen.getByRole('button', { name: `Remove filter: ${label}` }));
    await waitFor(() => expect(router.state.location.search).not.toContain('since'));
    expect(screen.queryByText(label)).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/duplicates/groups').at(-1)!.url).not.toContain('since='));
  });

  it('ignores a since that is not a date and time', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/duplicates/groups': () => json(page([group(1)])) });
    renderApp('/duplicates?since=yesterday');
    expect(await within(await screen.findByRole('list', { name: 'Duplicate groups' })).findByText('Robert Smith')).toBeInTheDocument();
    expect(screen.queryByText(/Found since/)).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/duplicates/groups').every((call) => !call.url.includes('since='))).toBe(true);
  });

  it('shows the demo portal\u2019s groups under /demo and says a decision is not saved there', async () => {
    const api = fakeApi({
      'GET /api/demo/user': () => json(makeUser({ isDemo: true })),
      'GET /api/demo/duplicates/groups': () => json(page([group(1)])),
      'GET /api/demo/duplicates/1': () => json(group(1)),
      'POST /api/demo/duplicates/1/dismiss': () => json(group(1, { status: 'dismissed' })),
    });
    // The request layer picks the demo API from the browser's own address.
    window.history.pushState({}, '', '/demo/duplicates?group=1');
    renderApp('/demo/duplicates?group=1');
    expect(await screen.findByText('In the demo your decision is shown but not saved.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Not a duplicate' }));
    expect(await screen.findByText('This is the demo, so nothing was saved.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/demo/duplicates/1/dismiss')).toHaveLength(1);
    // The demo keeps nothing, so the list is not read again: the group just leaves it.
    await waitFor(() => expect(screen.getByText('No duplicates to review')).toBeInTheDocument());
    window.history.pushState({}, '', '/');
  });
});
