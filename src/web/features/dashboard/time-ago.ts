const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

interface RelativeWords {
  /** "3 hours ago": always a number, so 26 hours is not called "yesterday". */
  ago: Intl.RelativeTimeFormat;
  /** Under a minute, in the locale's own word ("jetzt", "maintenant"). */
  now: string;
}

// One pair of formatters per locale (undefined: the browser's), made on first use.
const wordsByLocale = new Map<string | undefined, RelativeWords>();

function relativeWords(locale: string | undefined): RelativeWords {
  let words = wordsByLocale.get(locale);
  if (!words) {
    const ago = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    // English keeps the app's "just now"; Intl's English word is a bare "now".
    const now = ago.resolvedOptions().locale.startsWith('en') ? 'just now' : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
    words = { ago, now };
    wordsByLocale.set(locale, words);
  }
  return words;
}

/**
 * "3 hours ago", "2 days ago", under a minute "just now", in the user's locale ("vor 3 Stunden",
 * "jetzt" in German); `locale` is the browser's unless given.
 */
export function formatTimeAgo(date: Date, now: number, locale?: string): string {
  const words = relativeWords(locale);
  const elapsed = now - date.getTime();
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return words.ago.format(-Math.floor(elapsed / ms), unit);
  }
  return words.now;
}

/** "Today" as a label on its own ("Heute", "Aujourd’hui"): the end of a chart's axis of days. */
export function formatToday(locale?: string): string {
  const word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'day');
  return `${word.charAt(0).toLocaleUpperCase(locale)}${word.slice(1)}`;
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
