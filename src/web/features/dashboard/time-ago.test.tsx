import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago';

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms);

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 minute ago'],
    [45 * 60_000, '45 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [3 * 3_600_000 + 59 * 60_000, '3 hours ago'],
    [26 * 3_600_000, '1 day ago'],
    [9 * 86_400_000, '1 week ago'],
    [40 * 86_400_000, '1 month ago'],
    [800 * 86_400_000, '2 years ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatTimeAgo(ago(ms), NOW)).toBe(text);
  });

  it('treats a time ahead of the clock as now', () => {
    expect(formatTimeAgo(ago(-5 * 60_000), NOW)).toBe('just now');
  });
});
