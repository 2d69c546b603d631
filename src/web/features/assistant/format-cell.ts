import type { DataBlock } from '../../../shared/contracts/assistant';

export type Cell = DataBlock['rows'][number][string];
export type ColumnFormat = DataBlock['columns'][number]['format'];
export type LinkCell = { label: string; href: string };

// `undefined` is the user's own locale: the browser's language settings.
const numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const percents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimes = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function isLinkCell(cell: Cell): cell is LinkCell {
  return typeof cell === 'object' && cell !== null;
}

/** A date-only value ("2025-03-01") is a calendar day, not midnight UTC: read it in local time so it does not move a day. */
export function cellTime(cell: Cell): number | null {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  const time = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime() : Date.parse(cell);
  return Number.isNaN(time) ? null : time;
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}

/** Axis labels: "1.2K" keeps a tick short in any locale. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** A cell as text in the user's locale. Percent cells hold 0-100 (as recommendations' `percent` does). */
export function formatCell(cell: Cell, format: ColumnFormat): string {
  if (cell === null || cell === '') return '—';
  if (isLinkCell(cell)) return cell.label;
  if (format === 'number' && typeof cell === 'number') return numbers.format(cell);
  if (format === 'percent' && typeof cell === 'number') return percents.format(cell / 100);
  if (format === 'date' || format === 'datetime') {
    const time = cellTime(cell);
    if (time !== null) return (format === 'date' ? dates : dateTimes).format(time);
  }
  return String(cell);
}
