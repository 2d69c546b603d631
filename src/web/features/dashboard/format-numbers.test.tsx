import { describe, expect, it, vi } from 'vitest';
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

describe('number and date formats in the user locale', () => {
  it('follow the browser locale rather than English', async () => {
    // The formatters are made when the modules load: load them afresh in a German browser,
    // where Intl's default locale is German.
    class GermanNumbers extends Intl.NumberFormat {
      constructor(locale?: string | string[], options?: Intl.NumberFormatOptions) {
        super(locale ?? 'de-DE', options);
      }
    }
    class GermanDates extends Intl.DateTimeFormat {
      constructor(locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
        super(locale ?? 'de-DE', { timeZone: 'UTC', ...options });
      }
    }
    const { NumberFormat, DateTimeFormat } = Intl;
    vi.resetModules();
    Object.assign(Intl, { NumberFormat: GermanNumbers, DateTimeFormat: GermanDates });
    try {
      const numbers = await import('./format-numbers');
      const times = await import('./time-ago');
      expect(numbers.formatCount(1234567)).toBe('1.234.567');
      expect(numbers.formatShare(0.004)).toBe('0,4\u00a0%');
      expect(times.formatExactTime(new Date('2025-03-05T14:30:00Z'))).toBe('05.03.2025, 14:30');
    } finally {
      Object.assign(Intl, { NumberFormat, DateTimeFormat });
    }
  });
});
