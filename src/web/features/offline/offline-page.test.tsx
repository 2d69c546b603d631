import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorFallback } from '../../app/error-fallback';
import { browser } from '../../lib/browser';
import { lazyNamed } from '../../lib/lazy-with-retry';
import { createQueryClient } from '../../lib/query-client';
import { Providers } from '../../test/render-app';
import { OfflineBanner } from './offline-banner';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/reports-page-abc123.js');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

function renderWith(load: () => Promise<{ ReportsPage: () => React.JSX.Element }>) {
  const ReportsPage = lazyNamed(load, 'ReportsPage');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorFallback />,
        element: (
          <div>
            <OfflineBanner />
            <nav>
              <Link to="/reports">Reports</Link>
            </nav>
            <main>
              <Suspense fallback={<p>Loading…</p>}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        ),
        children: [
          { index: true, element: <h1>Dashboard</h1> },
          { path: 'reports', element: <ReportsPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const page = { ReportsPage: () => <h1>Reports</h1> };

afterEach(() => vi.restoreAllMocks());

describe('a page whose code cannot load while offline', () => {
  it('keeps the app and the offline banner, shows a placeholder, and loads the page when the connection returns', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue(page);
    renderWith(load);
    setOnline(false);
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));

    expect(await screen.findByText('This page could not load while offline; it will load when you are back online.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline');
    expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText(/reports-page-abc123/)).not.toBeInTheDocument();

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByText(/could not load while offline/)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again when asked, and reloads the page if the code still fails once online', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValue(chunkError());
    renderWith(load);
    setOnline(false);
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(reload).not.toHaveBeenCalled();

    setOnline(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('still shows the error screen for a page that fails while online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWith(vi.fn().mockRejectedValue(chunkError()));
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('the error screen after a page failed to load its code', () => {
  it('reloads the page when the connection returns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWith(vi.fn().mockRejectedValue(chunkError()));
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    setOnline(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});
