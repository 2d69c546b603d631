import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { DEV_TOKEN_POLL_MS, useDevVerificationTokens } from './use-dev-verification-tokens';

describe('development verification-token helper', () => {
  it('polls every 10 s and only logs what it finds', async () => {
    vi.useFakeTimers();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const api = fakeApi({ 'GET /api/dev/verification-tokens': () => json({ users: [{ email: 'ada@example.com' }] }) });
    const { unmount } = renderHook(() => useDevVerificationTokens(true));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('GET', '/api/dev/verification-tokens')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DEV_TOKEN_POLL_MS);
    expect(api.callsTo('GET', '/api/dev/verification-tokens')).toHaveLength(2);
    expect(debug).toHaveBeenCalledWith('Verification links for development:', { users: [{ email: 'ada@example.com' }] });
    unmount();
    await vi.advanceTimersByTimeAsync(DEV_TOKEN_POLL_MS * 3);
    expect(api.callsTo('GET', '/api/dev/verification-tokens')).toHaveLength(2);
  });

  it('says why when there is nothing, or the call failed', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    fakeApi();
    const { unmount } = renderHook(() => useDevVerificationTokens(true));
    await waitFor(() => expect(debug).toHaveBeenCalledWith('No unverified users found with verification tokens'));
    unmount();
    fakeApi({ 'GET /api/dev/verification-tokens': () => json({ message: 'boom' }, 500) });
    renderHook(() => useDevVerificationTokens(true));
    await waitFor(() => expect(debug).toHaveBeenCalledWith('Failed to fetch verification tokens for development'));
  });

  it('stays quiet when disabled (production builds)', async () => {
    vi.useFakeTimers();
    const api = fakeApi();
    const { rerender } = renderHook(({ enabled }) => useDevVerificationTokens(enabled), { initialProps: { enabled: false } });
    await vi.advanceTimersByTimeAsync(DEV_TOKEN_POLL_MS * 3);
    expect(api.calls).toEqual([]);
    // Switched on, the same hook calls at once: the silence above came from the switch.
    rerender({ enabled: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('GET', '/api/dev/verification-tokens')).toHaveLength(1);
  });
});
