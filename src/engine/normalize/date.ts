import { asText } from './text';

/**
 * A calendar date as YYYYMMDD, from ISO dates and times, HubSpot's epoch milliseconds,
 * 8-digit dates, and day-first or (with `monthFirst`) US month-first dates. '' when unreadable.
 */
export function normalizeDate(value: unknown, monthFirst = false): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10).replaceAll('-', '');
  const text = asText(value);
  if (text === '') return '';
  if (/^\d{8}$/.test(text)) return text;
  if (/^\d{11,14}$/.test(text)) return normalizeDate(new Date(Number(text)));
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (m) return `${m[1]}${m[2]!.padStart(2, '0')}${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [day, month] = monthFirst ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    return `${m[3]}${month.padStart(2, '0')}${day.padStart(2, '0')}`;
  }
  return '';
}

/** Epoch milliseconds of a date or time value, NaN when unreadable. */
export function toEpochMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = asText(value);
  if (text === '') return Number.NaN;
  if (/^\d{11,14}$/.test(text)) return Number(text);
  return Date.parse(text);
}
