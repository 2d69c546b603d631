import { describe, expect, it } from 'vitest';
import { isFilled } from './prepare-helpers';

describe('prepare helpers', () => {
  it('tells filled cells from empty ones', () => {
    expect(isFilled('Acme')).toBe(true);
    expect(isFilled('  x ')).toBe(true);
    expect(isFilled('   ')).toBe(false);
    expect(isFilled('')).toBe(false);
    expect(isFilled(0)).toBe(true);
    expect(isFilled(Number.NaN)).toBe(false);
    expect(isFilled(null)).toBe(false);
    expect(isFilled({})).toBe(false);
  });
});
