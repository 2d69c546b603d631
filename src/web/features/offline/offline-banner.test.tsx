import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { createQueryClient } from '../../lib/query-client';
import { Providers } from '../../test/render-app';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

function renderBanner() {
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <OfflineBanner />
    </Providers>,
  );
  return queryClient;
}

describe('offline banner', () => {
  it('stays hidden while online', () => {
    renderBanner();
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
    expect(screen.queryByText('Back Online')).not.toBeInTheDocument();
  });

  it('warns when the connection drops; Try Again reloads the page', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderBanner();
    setOnline(false);
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('You are offline');
    expect(banner).toHaveTextContent('Check your internet connection. Some features may be unavailable while offline.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says when it is back; Dismiss hides it, Reload Data refreshes the cached data', () => {
    const queryClient = renderBanner();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    setOnline(false);
    setOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Back OnlineYour connection has been restored. All features are now available.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Back Online')).not.toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalled();

    setOnline(false);
    setOnline(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Data' }));
    expect(invalidate).toHaveBeenCalledOnce();
    expect(screen.queryByText('Back Online')).not.toBeInTheDocument();
  });

  it('starts offline when the page opens without a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBanner();
    expect(screen.getByText('You are offline')).toBeInTheDocument();
  });
});
