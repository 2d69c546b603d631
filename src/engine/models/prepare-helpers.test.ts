import { describe, expect, it } from 'vitest';
import { isFilled, joinKey } from './prepare-helpers';

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

  it('builds a blocking key only when every part is present', () => {
    expect(joinKey('smith', 'j')).toBe('smith|j');
    expect(joinKey('smith', '')).toBeNull();
  });
});
