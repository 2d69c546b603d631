import { asText } from './text';

/**
 * A calendar date as YYYYMMDD, from ISO dates and times, HubSpot's epoch milliseconds,
 * 8-digit dates, and day-first or (with `monthFirst`) US month-first dates. '' when unreadable.
 */
export function normalizeDate(value: unknown, monthFirst = false): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10).replaceAll('-', '');
  if (typeof value === 'number') return normalizeDate(new Date(toEpochMs(value)));
  const text = asText(value);
  if (text === '') return '';
  if (/^\d{8}$/.test(text)) return text;
  // Epoch milliseconds, as HubSpot sends dates: negative before 1970.
  if (/^-?\d{9,14}$/.test(text)) return normalizeDate(new Date(toEpochMs(text)));
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (m) return `${m[1]}${m[2]!.padStart(2, '0')}${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [day, month] = monthFirst ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    return `${m[3]}${month.padStart(2, '0')}${day.padStart(2, '0')}`;
  }
  return '';
}

/** JavaScript dates end 100 million days either side of 1970. */
const MAX_TIME = 8.64e15;

/** Epoch milliseconds of a date or time value, NaN when unreadable or beyond what a Date holds. */
export function toEpochMs(value: unknown): number {
  let time: number;
  if (value instanceof Date) time = value.getTime();
  else if (typeof value === 'number') time = value;
  else {
    const text = asText(value);
    time = text === '' ? Number.NaN : /^-?\d{9,14}$/.test(text) ? Number(text) : Date.parse(text);
  }
  return Number.isFinite(time) && Math.abs(time) <= MAX_TIME ? time : Number.NaN;
}
