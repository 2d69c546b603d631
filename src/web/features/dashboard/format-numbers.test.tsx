import { describe, expect, it } from 'vitest';
import { formatCount, formatScore, formatShare, plural } from './format-numbers';

describe('dashboard number formats', () => {
  it('groups thousands, rounds scores, and keeps a decimal on small shares', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatScore(82.4)).toBe('82');
    expect(formatScore(82.5)).toBe('83');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.004)).toBe('0.4%');
    expect(formatShare(0.04)).toBe('4%');
    expect(formatShare(0.123)).toBe('12%');
    expect(plural(1, 'record', 'records')).toBe('1 record');
    expect(plural(2000, 'record', 'records')).toBe('2,000 records');
  });
});
