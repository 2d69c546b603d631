import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedStatus } from '../features/dashboard/dashboard-fixtures';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

describe('/profile/setup', () => {
  it('checks the fields, saves them with PUT /api/profile and opens the set-up on /onboarding while HubSpot is not connected', async () => {
    const incomplete = makeUser({ fullName: null, countryOfResidence: null, contactPhone: null, needsProfileCompletion: true });
    const api = fakeApi({
      'GET /api/user': () => json(incomplete),
      'PUT /api/profile': ({ body }) => json({ ...incomplete, ...(body as object), needsProfileCompletion: false }),
    });
    const { router } = renderApp('/profile/setup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Country of residence is required')).toBeInTheDocument();
    expect(screen.getByText('Contact phone is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Country of residence'), 'United Kingdom');
    await user.type(screen.getByLabelText('Contact phone'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/onboarding'));
    expect(api.callsTo('PUT', '/api/profile')[0]?.body).toEqual({ fullName: 'Ada Lovelace', countryOfResidence: 'United Kingdom', contactPhone: '+44 20 7946 0000' });
    expect(await screen.findByRole('heading', { name: 'Welcome to DataCleaner' })).toBeInTheDocument();
  });

  it('opens the dashboard when HubSpot is already connected', async () => {
    const incomplete = makeUser({ fullName: null, countryOfResidence: null, contactPhone: null, needsProfileCompletion: true });
    fakeApi({
      'GET /api/user': () => json(incomplete),
      'PUT /api/profile': ({ body }) => json({ ...incomplete, ...(body as object), needsProfileCompletion: false }),
      'GET /api/hubspot/status': () => json(connectedStatus()),
    });
    const { router } = renderApp('/profile/setup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Country of residence'), 'United Kingdom');
    await user.type(screen.getByLabelText('Contact phone'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });
});
