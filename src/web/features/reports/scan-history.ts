import type { HistoricalTrends } from '../../../shared/contracts/results';
import type { ObjectType } from '../../../shared/object-types';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';

type Point = HistoricalTrends['series'][number]['points'][number];

/** One completed scan of one object type: a row of the history table and of the CSV. */
export interface ScanHistoryRow extends Point {
  objectType: ObjectType;
}

/** Every scan of the period, newest first; only `objectType`'s when one is given. */
export function scanHistoryRows(trends: HistoricalTrends, objectType: ObjectType | null = null): ScanHistoryRow[] {
  return trends.series
    .filter((series) => objectType === null || series.objectType === objectType)
    .flatMap((series) => series.points.map((point) => ({ ...point, objectType: series.objectType })))
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || a.objectType.localeCompare(b.objectType));
}

/** The CSV's columns: a header and how each row fills it. Times stay ISO 8601 in UTC, which spreadsheets read. */
const COLUMNS: readonly { header: string; value: (row: ScanHistoryRow) => string | number }[] = [
  { header: 'Scanned at (UTC)', value: (row) => row.timestamp },
  { header: 'Object type', value: (row) => OBJECT_TYPE_LABELS[row.objectType] },
  { header: 'Scan ID', value: (row) => row.scanId },
  { header: 'Health score', value: (row) => row.healthScore },
  { header: 'Completeness', value: (row) => row.completenessScore },
  { header: 'Freshness', value: (row) => row.freshnessScore },
  { header: 'Duplicates score', value: (row) => row.duplicateScore },
  { header: 'Update frequency', value: (row) => row.updateFrequencyScore },
  { header: 'Records scanned', value: (row) => row.totalRecords },
  { header: 'Duplicate records', value: (row) => row.duplicateRecords },
];

/**
 * RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and one row per scan, lines ended with CRLF as RFC 4180 has it. */
export function scanHistoryCsv(rows: readonly ScanHistoryRow[]): string {
  const lines = [COLUMNS.map((column) => csvField(column.header)), ...rows.map((row) => COLUMNS.map((column) => csvField(column.value(row))))];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/** "datacleaner-scan-history-contacts-90-days-2025-03-01.csv", dated in the user's own time zone. */
export function scanHistoryFileName(objectType: ObjectType | null, days: number, now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `datacleaner-scan-history-${objectType ?? 'all-types'}-${days}-days-${day}.csv`;
}
