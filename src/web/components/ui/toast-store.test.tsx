import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, ToastStore } from './toast-store';
import { Toaster } from './toaster';

describe('toasts', () => {
  it('keeps SPEC.md section 9: one at a time, removed 1,000,000 ms after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('shows at most one toast: a new one replaces the last', () => {
    const store = new ToastStore();
    render(<Toaster store={store} />);
    act(() => void store.show({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive' }));
    act(() => void store.show({ title: 'Logged out', description: "You've been successfully logged out" }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region).getByRole('listitem')).toHaveTextContent("Logged outYou've been successfully logged out");
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('announces toasts in a polite live region; errors as alerts', () => {
    const store = new ToastStore();
    render(<Toaster store={store} />);
    expect(screen.getByRole('region', { name: 'Notifications' }).querySelector('ol')).toHaveAttribute('aria-live', 'polite');
    act(() => void store.show({ title: 'Registration failed', variant: 'destructive' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('hides a dismissed toast at once and removes it from the list 1,000,000 ms later', () => {
    vi.useFakeTimers();
    const store = new ToastStore();
    render(<Toaster store={store} />);
    act(() => void store.show({ title: 'Verification email sent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Verification email sent')).not.toBeInTheDocument();
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ title: 'Verification email sent', open: false })]);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(store.getSnapshot()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('closes by itself after a few seconds', () => {
    vi.useFakeTimers();
    const store = new ToastStore();
    render(<Toaster store={store} />);
    act(() => void store.show({ title: 'Login successful' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION));
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();
  });
});
