import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatTimeAgo, formatToday } from './time-ago';

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
    expect(formatTimeAgo(ago(ms), NOW, 'en-US')).toBe(text);
  });

  it('treats a time ahead of the clock as now', () => {
    expect(formatTimeAgo(ago(-5 * 60_000), NOW, 'en-GB')).toBe('just now');
  });

  it.each([
    ['de-DE', 'jetzt', 'vor 3 Stunden', 'vor 2 Jahren'],
    ['fr-FR', 'maintenant', 'il y a 3 heures', 'il y a 2 ans'],
    ['es-ES', 'ahora', 'hace 3 horas', 'hace 2 años'],
  ])('speaks %s, "just now" included', (locale, now, hours, years) => {
    expect(formatTimeAgo(ago(10_000), NOW, locale)).toBe(now);
    expect(formatTimeAgo(ago(3 * 3_600_000), NOW, locale)).toBe(hours);
    expect(formatTimeAgo(ago(800 * 86_400_000), NOW, locale)).toBe(years);
  });
});

describe('formatToday', () => {
  it.each([
    ['en-US', 'Today'],
    ['de-DE', 'Heute'],
    ['fr-FR', 'Aujourd’hui'],
  ])('labels the last day of a chart in %s: "%s"', (locale, text) => {
    expect(formatToday(locale)).toBe(text);
  });
});

describe('LastScanTime in a German browser', () => {
  it('reads "Last scan: jetzt" and "vor 3 Stunden", not English', async () => {
    // Intl's default locale is the browser's: make it German and load the component afresh.
    class GermanRelativeTime extends Intl.RelativeTimeFormat {
      constructor(locale?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
        super(locale ?? 'de-DE', options);
      }
    }
    const { RelativeTimeFormat } = Intl;
    vi.resetModules();
    Object.assign(Intl, { RelativeTimeFormat: GermanRelativeTime });
    try {
      const { LastScanTime } = await import('./last-scan-time');
      const { unmount } = render(<LastScanTime timestamp={new Date(Date.now() - 5_000).toISOString()} />);
      expect(screen.getByText('jetzt')).toBeInTheDocument();
      expect(screen.queryByText(/just now/)).toBeNull();
      unmount();
      render(<LastScanTime timestamp={new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString()} />);
      expect(screen.getByText('vor 3 Stunden')).toBeInTheDocument();
    } finally {
      Object.assign(Intl, { RelativeTimeFormat });
    }
  });
});
