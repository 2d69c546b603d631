const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "2 days ago"; under a minute is "just now". */
export function formatTimeAgo(date: Date, now: number): string {
  const elapsed = now - date.getTime();
  if (elapsed < 60_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/** The exact local time, for the tooltip beside a relative one. */
export function formatExactTime(date: Date): string {
  return exact.format(date);
}

const days = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The day alone: "Mar 5, 2025". */
export function formatDay(date: Date): string {
  return days.format(date);
}

/** The time of day alone: "2:30 PM". */
export function formatClockTime(date: Date): string {
  return clock.format(date);
}

/** A short axis date: "Mar 5". */
export function formatShortDate(date: Date): string {
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}
