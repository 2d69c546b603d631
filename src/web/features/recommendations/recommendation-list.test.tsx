import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Recommendation, RecommendationList } from '../../../shared/contracts/recommendations';
import { connectedStatus, duplicationByField, healthResults, historicalTrends } from '../dashboard/dashboard-fixtures';
import { TOUR_STORAGE_KEYS } from '../tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 4000 });

function recommendation(key: string, changes: Partial<Recommendation> = {}): Recommendation {
  const [rule, objectType] = key.split(':') as [string, Recommendation['objectType']];
  return {
    key,
    rule,
    objectType: objectType ?? null,
    title: `Fix ${key}`,
    explanation: `Why ${key} matters.`,
    evidence: { recordsAffected: 120, totalRecords: 1000, percent: 12, properties: ['email'], figures: { recordsAffected: 120, totalRecords: 1000, percent: 12 } },
    expectedGain: { healthPoints: 4.2, duplicatesRemoved: null },
    severity: 'high',
    action: { kind: 'records', label: `Open ${key}`, href: `/objects/contacts?flag=missing-fields` },
    ...changes,
  };
}

const list = (recommendations: Recommendation[], hidden = 0): RecommendationList => ({ recommendations, basedOnScanAt: '2025-03-01T10:05:00.000Z', aiRewritten: false, hidden });

function dashboardApi(recommendations: Handler, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/hubspot/status': () => json(connectedStatus()),
    'GET /api/hubspot/results': () => json(healthResults()),
    'GET /api/hubspot/historical-trends': () => json(historicalTrends()),
    'GET /api/hubspot/duplication-by-field': () => json(duplicationByField()),
    'GET /api/settings/last-scan': () => json({ lastScan: null }),
    'GET /api/hubspot/recommendations': recommendations,
    ...handlers,
  });
}

const card = async () => within((await screen.findByRole('heading', { name: 'Recommendations' })).closest('section')!);

beforeAll(async () => {
  await import('../../pages/dashboard-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

describe('the dashboard\'s Recommendations card', () => {
  it('shows the top three, one per rule first, with evidence, gain and the action', async () => {
    const all = [
      recommendation('pending-duplicates:contacts', { expectedGain: { healthPoints: 9.5, duplicatesRemoved: 40 }, action: { kind: 'duplicates', label: 'Review the very likely groups', href: '/duplicates?objectType=contacts&confidence=high' } }),
      recommendation('pending-duplicates:companies'),
      recommendation('low-fill-email:contacts'),
      recommendation('stale-records:deals', { severity: 'low', action: { kind: 'csv', label: 'Download them as CSV', href: '/api/hubspot/recommendations/stale-records:deals/records.csv' } }),
    ];
    dashboardApi(() => json(list(all)));
    renderApp('/dashboard');
    const section = await card();
    await section.findByText('Fix pending-duplicates:contacts');
    const titles = section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Fix pending-duplicates:contacts', 'Fix low-fill-email:contacts', 'Fix stale-records:deals']);
    expect(section.getByText('+9.5 health points · 40 duplicates removed')).toBeInTheDocument();
    expect(section.getAllByText('120 records of 1,000 (12%) · email')).toHaveLength(3);
    expect(section.getByRole('link', { name: 'Review the very likely groups' })).toHaveAttribute('href', '/duplicates?objectType=contacts&confidence=high');
    expect(section.getByRole('link', { name: 'Download them as CSV' })).toHaveAttribute('href', '/api/hubspot/recommendations/stale-records:deals/records.csv');
    expect(section.getByText(/1 more on the/)).toBeInTheDocument();
  });

  it('dismisses one and marks one done: each leaves the card', async () => {
    // The server's side: what was dismissed or done is left out of later reads.
    let current = [recommendation('low-fill-email:contacts'), recommendation('invalid-emails:contacts')];
    const drop = (key: string, status: string) => () => ((current = current.filter((r) => r.key !== key)), json({ key, status }));
    const api = dashboardApi(() => json(list(current)), {
      'POST /api/hubspot/recommendations/low-fill-email%3Acontacts/dismiss': drop('low-fill-email:contacts', 'dismissed'),
      'POST /api/hubspot/recommendations/invalid-emails%3Acontacts/done': drop('invalid-emails:contacts', 'done'),
    });
    renderApp('/dashboard');
    const section = await card();
    const first = (await section.findByText('Fix low-fill-email:contacts')).closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(section.queryByText('Fix low-fill-email:contacts')).not.toBeInTheDocument());
    fireEvent.click(within(section.getByText('Fix invalid-emails:contacts').closest('li')!).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(section.queryByText('Fix invalid-emails:contacts')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/hubspot/recommendations/low-fill-email%3Acontacts/dismiss')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/hubspot/recommendations/invalid-emails%3Acontacts/done')).toHaveLength(1);
  });

  it('says when there is nothing to fix', async () => {
    dashboardApi(() => json(list([], 2)));
    renderApp('/dashboard');
    expect(await (await card()).findByText(/Nothing to fix right now/)).toHaveTextContent('2 you dismissed or completed still apply');
  });

  it('offers a retry when the list could not be read', async () => {
    dashboardApi(() => json({ message: 'boom', code: 'INTERNAL' }, 500));
    renderApp('/dashboard');
    const section = await card();
    expect(await section.findByText('The recommendations could not be loaded.')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
