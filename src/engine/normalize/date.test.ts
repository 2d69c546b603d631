import { describe, expect, it } from 'vitest';
import { normalizeDate, toEpochMs } from './date';

describe('normalizeDate', () => {
  it.each([
    ['1971-06-24', false, '19710624'],
    ['1971-6-4T10:00:00Z', false, '19710604'],
    ['19081209', false, '19081209'],
    ['24/06/1971', false, '19710624'],
    ['06/24/1971', true, '19710624'],
    ['24.6.1971', false, '19710624'],
    [String(Date.UTC(1990, 0, 15)), false, '19900115'],
    ['-151718400000', false, '19650312'],
    [-151718400000, false, '19650312'],
    ['yesterday', false, ''],
    [null, false, ''],
  ] as const)('%j (month first: %s) → %j', (raw, monthFirst, expected) => {
    expect(normalizeDate(raw, monthFirst)).toBe(expected);
  });

  it('reads epoch milliseconds and ISO times', () => {
    expect(toEpochMs('2024-01-02T00:00:00Z')).toBe(Date.UTC(2024, 0, 2));
    expect(toEpochMs(String(Date.UTC(2024, 0, 2)))).toBe(Date.UTC(2024, 0, 2));
    expect(toEpochMs('soon')).toBeNaN();
    expect(toEpochMs(8_640_000_000_000_001)).toBeNaN();
  });
});
