import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyResults, healthResults } from '../features/dashboard/dashboard-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { renderApp } from '../test/render-app';

// The whole app renders here (route guard, shell, lazy page): on a busy 2-core machine the
// first render can outlast the default waits.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await import('./help-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

describe('/help', () => {
  it('explains every score with its formula, and how scores read', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/results': () => json(emptyResults) });
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    const topics = screen.getByRole('navigation', { name: 'Help topics' });
    expect(within(topics).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#scores', '#matching', '#faq', '#contact']);

    const scores = screen.getByRole('region', { name: 'How scores are computed' });
    const card = (name: string) => within(scores).getByRole('article', { name });
    // The engine's own weights and constants, not a restatement of them.
    expect(card('Health score')).toHaveTextContent('Health score = 35% × completeness + 30% × duplicates + 20% × freshness + 15% × update frequency');
    expect(card('Health score')).toHaveTextContent('Completeness weighs the most, then duplicates, then freshness; update frequency weighs the least');
    expect(card('Completeness')).toHaveTextContent('Completeness = 100 × Σ (weight × fill rate) ÷ Σ weight');
    expect(card('Duplicates')).toHaveTextContent('Duplicates = 100 × (1 − duplicate rate)4');
    expect(card('Duplicates')).toHaveTextContent('5% of records in duplicate groups scores 81, not 95');
    expect(card('Freshness')).toHaveTextContent('Freshness = average over records of 100 × ½age in days ÷ 180');
    expect(card('Freshness')).toHaveTextContent('its score halves with every 180 days that pass');
    expect(card('Update frequency')).toHaveTextContent('Update frequency = 100 × min(1, share updated in the last 90 days ÷ 50%)');
    expect(card('Update frequency')).toHaveTextContent('When 50% of them are, the score is the full 100');
    expect(card('Empty fields')).toBeInTheDocument();
    expect(card('Average data age')).toBeInTheDocument();
    expect(within(card('Health score')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['80–100: Healthy', '60–79: Fair', '0–59: Needs attention']);
    // No scan yet: the weights table waits for one.
    expect(within(scores).getByText(/After your first scan, the properties of each object type and their weights are listed here/)).toBeInTheDocument();
    expect(within(scores).queryByText(/Your latest scan/)).not.toBeInTheDocument();
  });

  it("fills in the user's own scores, property weights and the completeness sum from the latest scan", async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/results': () => json(healthResults()) });
    renderApp('/help');
    const scores = await screen.findByRole('region', { name: 'How scores are computed' });
    const health = within(scores).getByRole('article', { name: 'Health score' });
    expect((await within(health).findByText(/Your latest scan:/)).parentElement).toHaveTextContent('Your latest scan: contacts 82, companies 55.');
    expect(within(scores).getByRole('article', { name: 'Completeness' })).toHaveTextContent('Your latest scan: contacts 75, companies 40.');

    const contacts = within(scores).getByRole('table', { name: 'Contacts' });
    expect(
      within(contacts)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PropertyWeightFilled', 'Email380%', 'Phone number250%', 'Completeness100 × 3.4 ÷ 5 = 68']);
  });

  it('explains matching step by step, with what each setting changes', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/results': () => json(emptyResults) });
    renderApp('/help');
    const matching = await screen.findByRole('region', { name: 'How duplicate matching works' });
    expect(within(matching).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Tidy the values',
      'Pick candidate pairs',
      'Compare field by field',
      'Allow for typing slips',
      'Weigh the evidence',
      'Group the duplicates',
      'Companies: one name, two businesses',
      'Tickets and deals: the same customer',
      'Explain every match',
      'What your settings change',
    ]);
    expect(within(matching).getByText('Sensitivity').nextSibling).toHaveTextContent(/Low asks for near-certainty \(99%\).*medium \(the default, 95%\).*high \(80%\)/);
    expect(within(matching).getByText('Fuzzy matching threshold').nextSibling).toHaveTextContent('From 0 to 100, default 80.');
    expect(matching).toHaveTextContent('different first names count against a match even at the same company');
    expect(matching).toHaveTextContent('Records are often typed in a hurry, and a slip is not a second person. Names with letters left out or in the wrong order ("Josen" for Jones)');
    expect(matching).toHaveTextContent('a date of birth a few weeks off or with the year mistyped ("1994" for "1984")');
    expect(matching).toHaveTextContent('A name alone is not enough either: two contacts of the same name, even in the same town, are not grouped');
    expect(matching).toHaveTextContent('Two companies with the same name in different towns and different websites are not grouped.');
    expect(matching).toHaveTextContent('Tickets count as duplicates only when the same customer (the same contact or company) asks again within 30 days');
    expect(within(matching).getByRole('link', { name: 'Settings, Duplicate detection' })).toHaveAttribute('href', '/settings#duplicates');
  });

  it('opens FAQ answers, states the merge risk, and points to support and the tour', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/hubspot/results': () => json(emptyResults) });
    renderApp('/help');
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    const question = within(faq).getByText('Can a merge be undone?');
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    fireEvent.click(question);
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent('merges cannot be undone in HubSpot');
    expect(details).toHaveTextContent('merged records can be restored as new records from their backups');

    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'Open the Support page' })).toHaveAttribute('href', '/support');
    fireEvent.click(within(contact).getByRole('button', { name: 'Start the product tour' }));
    expect(await screen.findByRole('dialog', { name: 'Your CRM health at a glance' })).toBeInTheDocument();
  });

  it('works in the demo: the demo API, and links that stay in the demo', async () => {
    const api = fakeApi({ 'GET /api/demo/hubspot/results': () => json(healthResults()) });
    window.history.pushState({}, '', '/demo/help');
    try {
      renderApp('/demo/help');
      const scores = await screen.findByRole('region', { name: 'How scores are computed' });
      expect(await within(scores).findByRole('table', { name: 'Contacts' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Settings, Duplicate detection' })).toHaveAttribute('href', '/demo/settings#duplicates');
      expect(within(screen.getByRole('region', { name: 'Frequently asked questions' })).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/demo/reports');
      expect(api.callsTo('GET', '/api/hubspot/results')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
