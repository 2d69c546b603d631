import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HubSpotStatus } from '../../shared/contracts/hubspot';
import type { ScanRun } from '../../shared/contracts/scans';
import { connectedStatus, disconnectedStatus } from '../features/dashboard/dashboard-fixtures';
import { FakeEventSource, scanRun } from '../features/scans/scan-fixtures';
import { settingsView } from '../features/settings/settings-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { renderApp } from '../test/render-app';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./onboarding-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
  FakeEventSource.install();
});

describe('/onboarding', () => {
  it('connects with a private app token, saves the object types, runs the first scan live and opens the dashboard', async () => {
    const state: { status: HubSpotStatus; lastScan: ScanRun | null } = { status: disconnectedStatus, lastScan: null };
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/hubspot/status': () => json(state.status),
      'GET /api/settings': () => json(settingsView()),
      'GET /api/settings/last-scan': () => json({ lastScan: state.lastScan }),
      'POST /api/hubspot/connect-token': () => {
        state.status = connectedStatus();
        return json({ connected: true, hubId: '24000001', hubDomain: 'acme.hubspot.com', authType: 'private_app' });
      },
      'PUT /api/settings': ({ body }) => json(settingsView(body as Record<string, unknown>)),
      'POST /api/scans': () => json(scanRun({ id: 91, status: 'queued' }, { phase: 'queued', message: 'Waiting to start' }), 202),
      'POST /api/onboarding/complete': () => json(makeUser({ hasCompletedOnboarding: true })),
    });
    const { router } = renderApp('/onboarding');

    expect(await screen.findByRole('heading', { name: 'Connect your HubSpot portal' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Paste the access token of your HubSpot private app')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/hubspot/connect-token')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Private app access token'), { target: { value: 'pat-na1-0123456789abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('heading', { name: 'Choose what to scan' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/hubspot/connect-token')[0]!.body).toEqual({ accessToken: 'pat-na1-0123456789abcdef' });
    fireEvent.click(screen.getByRole('checkbox', { name: /Tickets/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Run your first scan' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ objectsToAnalyze: ['contacts', 'companies', 'deals'] });
    expect(screen.getByText(/copies your contacts, companies and deals from HubSpot/)).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start the scan' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);

    expect(await screen.findByRole('heading', { name: 'Scan queued' })).toBeInTheDocument();
    const source = FakeEventSource.latest();
    act(() => source.emit('progress', scanRun({ id: 91 }, { percent: 40, message: 'Fetching contacts from HubSpot' })));
    expect(screen.getByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '40');
    const done = scanRun(
      { id: 91, status: 'completed', finishedAt: '2025-03-01T10:05:00.000Z', results: [{ scanId: 5, objectType: 'contacts', totalRecords: 400, duplicateRecords: 36, healthScore: 71 }] },
      { phase: 'done', percent: 100, message: 'Scan complete' },
    );
    state.lastScan = done;
    act(() => source.emit('done', done));

    expect(await screen.findByRole('heading', { name: 'Your first scan is done' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your first scan is done' })).toHaveTextContent('Scanned 400 records and found 36 duplicates.');
    fireEvent.click(screen.getByRole('button', { name: 'Go to your dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/api/onboarding/complete')).toHaveLength(1);
    // Eight screens in one journey: more than the default deadline on a busy machine.
  }, 60_000);

  it('shows what HubSpot said when the token is refused, and lets the user skip set-up', async () => {
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/hubspot/status': () => json(disconnectedStatus),
      'GET /api/settings': () => json(settingsView()),
      'GET /api/settings/last-scan': () => json({ lastScan: null }),
      'POST /api/hubspot/connect-token': () => json({ message: 'HubSpot did not accept this token. Copy it again from your private app.', code: 'HUBSPOT_AUTH' }, 400),
      'POST /api/onboarding/complete': () => json(makeUser({ hasCompletedOnboarding: true })),
    });
    const { router } = renderApp('/onboarding');
    fireEvent.change(await screen.findByLabelText('Private app access token'), { target: { value: 'pat-na1-wrong-token-000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('HubSpot did not accept this token. Copy it again from your private app.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Skip set-up for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/api/onboarding/complete')).toHaveLength(1);
  });

  it('offers HubSpot sign-in when the server has an OAuth app', async () => {
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/hubspot/status': () => json({ ...disconnectedStatus, oauthAvailable: true }),
      'GET /api/settings': () => json(settingsView()),
      'GET /api/settings/last-scan': () => json({ lastScan: null }),
    });
    renderApp('/onboarding');
    expect(await screen.findByRole('link', { name: 'Connect with HubSpot' })).toHaveAttribute('href', '/api/hubspot/connect?redirect=%2Fonboarding');
  });
});
