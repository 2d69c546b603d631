import { describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy-with-retry';

describe('importWithRetry', () => {
  it('tries a failed load once more after 500 ms', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ BlogPage: 'loaded' });
    const result = importWithRetry(load, { retries: 1, delayMs: 500 });
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ BlogPage: 'loaded' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retry', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const result = importWithRetry(load, { retries: 1, delayMs: 500 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toBeInstanceOf(TypeError);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
