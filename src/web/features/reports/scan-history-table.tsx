import { useState } from 'react';
import { ScrollFrame } from '../../components/ui/scroll-frame';
import { formatCount, formatScore } from '../dashboard/format-numbers';
import { healthBand } from '../dashboard/health-band';
import { formatClockTime, formatDay } from '../dashboard/time-ago';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import type { ScanHistoryRow } from './scan-history';

/** Rows on screen before "Show all"; a printed report has every row. */
export const ROWS_ON_SCREEN = 15;

const HEADINGS = ['Scanned', 'Object type', 'Health', 'Completeness', 'Freshness', 'Duplicates', 'Update frequency', 'Records', 'Duplicate records'] as const;

/** Every scan of the period as a table, newest first; rows beyond the first few wait for "Show all" on screen. */
export function ScanHistoryTable({ rows, caption }: { rows: readonly ScanHistoryRow[]; caption: string }) {
  const [showAll, setShowAll] = useState(false);
  const hiddenCount = showAll ? 0 : Math.max(0, rows.length - ROWS_ON_SCREEN);
  return (
    <div>
      {/* Fits a laptop; on a phone it scrolls sideways, with shadows at the edges that have more. Focusable so that keyboard users can scroll it. */}
      <ScrollFrame label={caption} className="rounded-xl border border-slate-200 print:overflow-visible print:rounded-none print:bg-none">
        <table className="min-w-full text-left text-sm print:text-[10px]">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 print:text-[10px]">
            <tr>
              {HEADINGS.map((heading, i) => (
                <th key={heading} scope="col" className={`px-3 py-2.5 align-bottom font-semibold print:px-1 print:py-1 ${i >= 2 ? 'text-right' : ''} ${i < 2 ? 'whitespace-nowrap' : ''}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <tr key={`${row.objectType}-${row.scanId}`} className={index >= ROWS_ON_SCREEN && !showAll ? 'hidden print:table-row' : ''}>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700 print:px-1 print:py-1">
                  {/* Date over time: the table then fits beside the sidebar at 1280 px. */}
                  <time dateTime={row.timestamp}>
                    <span className="block">{formatDay(new Date(row.timestamp))}</span>
                    <span className="block text-xs text-slate-500">{formatClockTime(new Date(row.timestamp))}</span>
                  </time>
                </td>
                <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900 print:px-1 print:py-1">
                  {OBJECT_TYPE_LABELS[row.objectType]}
                </th>
                <td className="px-3 py-2 text-right print:px-1 print:py-1">
                  <span className="inline-flex items-center justify-end gap-1.5 font-semibold tabular-nums text-slate-900">
                    <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: healthBand(row.healthScore).color }} />
                    {formatScore(row.healthScore)}
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatScore(row.completenessScore)}</td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatScore(row.freshnessScore)}</td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatScore(row.duplicateScore)}</td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatScore(row.updateFrequencyScore)}</td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatCount(row.totalRecords)}</td>
                <td className="px-3 py-2 text-right tabular-nums print:px-1 print:py-1">{formatCount(row.duplicateRecords)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      {rows.length > ROWS_ON_SCREEN && (
        <button
          type="button"
          aria-expanded={showAll}
          onClick={() => setShowAll((on) => !on)}
          className="mt-3 text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600 print:hidden"
        >
          {showAll ? `Show the latest ${ROWS_ON_SCREEN} only` : `Show all ${formatCount(rows.length)} scans (${formatCount(hiddenCount)} more)`}
        </button>
      )}
    </div>
  );
}
