import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userQueryKey } from '../features/auth/api/current-user';
import { setStoredUserId } from '../lib/local-storage';
import { scanRun } from '../features/scans/scan-fixtures';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

describe('app shell', () => {
  it('navigates between the signed-in pages', async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()) });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Duplicates' }));
    expect(await screen.findByRole('heading', { name: 'Duplicates' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/duplicates');
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/objects/contacts');
  });

  it('logs out: clears the cached user and the stored userId, toasts, and goes to /auth', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()), 'POST /api/logout': () => json({ message: 'Logged out' }) });
    setStoredUserId(7);
    const { router, queryClient } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/auth'));
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText("You've been successfully logged out")).toBeInTheDocument();
    expect(window.localStorage.getItem('userId')).toBeNull();
    expect(queryClient.getQueryData(userQueryKey(false))).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("says 'Logout failed' with the error when the server refuses", async () => {
    fakeApi({ 'GET /api/user': () => json(makeUser()), 'POST /api/logout': () => json({ message: 'boom', code: 'INTERNAL' }, 500) });
    setStoredUserId(7);
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Logout failed');
    expect(toast).toHaveTextContent('500: {"message":"boom","code":"INTERNAL"}');
    expect(currentUrl(router)).toBe('/dashboard');
    expect(window.localStorage.getItem('userId')).toBe('7');
  });

  it('offers the tour only once the first scan is done, and not during the set-up on /onboarding', async () => {
    let lastScan: unknown = null;
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/settings/last-scan': () => json({ lastScan }) });
    const first = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/last-scan').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'Your CRM health at a glance' })).not.toBeInTheDocument();
    first.unmount();

    lastScan = scanRun({ status: 'completed', finishedAt: '2025-03-01T10:05:00.000Z' });
    const onboarding = renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'Welcome to DataCleaner' });
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/last-scan').length).toBeGreaterThan(1));
    expect(screen.queryByRole('dialog', { name: 'Your CRM health at a glance' })).not.toBeInTheDocument();
    onboarding.unmount();

    renderApp('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Your CRM health at a glance' })).toBeInTheDocument();
  });
});
