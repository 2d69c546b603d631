import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { ErrorFallback } from './error-fallback';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "healthScore")');
}

const routes = [{ errorElement: <ErrorFallback />, children: [{ path: '/dashboard', element: <Broken /> }, { path: '/demo/dashboard', element: <Broken /> }] }];

describe('error fallback', () => {
  it('shows what went wrong, reloads the app with a clean cache, or goes back', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const back = vi.spyOn(browser, 'back').mockImplementation(() => undefined);
    const { queryClient } = renderApp('/dashboard', { routes });
    queryClient.setQueryData(['/api/settings'], { stale: true });

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The page failed to render. You can reload the app or go back to the dashboard.')).toBeInTheDocument();
    expect(screen.getByLabelText('Error details')).toHaveTextContent('Cannot read properties of undefined (reading "healthScore")');
    expect(screen.getByLabelText('Error details')).toHaveClass('max-h-40', 'overflow-auto');

    fireEvent.click(screen.getByRole('button', { name: 'Reload App' }));
    expect(assign).toHaveBeenCalledWith('/dashboard');
    expect(queryClient.getQueryData(['/api/settings'])).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('reloads the demo in the demo', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp('/demo/dashboard', { routes });
    expect(screen.getByText('The page failed to render. You can reload the demo or go back to the dashboard.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Demo' }));
    expect(assign).toHaveBeenCalledWith('/demo/dashboard');
  });
});
