import { describe, expect, it } from 'vitest';
import { MAX_DELAY_SECONDS, delaySeconds } from './login-limits';

describe('delaySeconds', () => {
  it('doubles from one second with every try past the free ones', () => {
    expect([1, 2, 3, 4, 5].map(delaySeconds)).toEqual([1, 2, 4, 8, 16]);
  });

  it('never asks a client to wait more than 15 minutes, however long the guessing goes on', () => {
    expect(MAX_DELAY_SECONDS).toBe(900);
    expect(delaySeconds(10)).toBe(512);
    expect(delaySeconds(11)).toBe(900);
    expect(delaySeconds(5000)).toBe(900);
  });
});
