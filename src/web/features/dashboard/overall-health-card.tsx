import type { HealthResults } from '../../../shared/contracts/results';
import { formatCount, formatShare } from './format-numbers';
import { healthBand } from './health-band';
import { HealthScoreRing } from './health-score-ring';
import { LastScanTime } from './last-scan-time';

/** The overall health score as a gauge, with the totals it covers. */
export function OverallHealthCard({ results }: { results: HealthResults }) {
  const score = results.overallHealthScore ?? 0;
  const band = healthBand(score);
  const duplicateShare = results.totalRecords > 0 ? results.duplicateRecords / results.totalRecords : 0;
  return (
    <section aria-labelledby="overall-health-heading" className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h2 id="overall-health-heading" className="self-start text-base font-semibold text-slate-900">
        Overall health
      </h2>
      <div className="mt-4">
        <HealthScoreRing score={score} label="Overall health score" size={168} />
      </div>
      <span className={`mt-3 inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${band.badge}`}>{band.label}</span>
      <p className="mt-3 text-xs text-slate-500">Weighted by the number of records of each object type.</p>
      <dl className="mt-5 grid w-full grid-cols-2 gap-3 text-left">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">Records scanned</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">{formatCount(results.totalRecords)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">Duplicates</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">
            {formatCount(results.duplicateRecords)}
            {results.duplicateRecords > 0 && <span className="ml-1 text-xs font-medium text-slate-500">({formatShare(duplicateShare)})</span>}
          </dd>
        </div>
      </dl>
      {results.lastScanAt && <LastScanTime timestamp={results.lastScanAt} className="mt-4 self-start" />}
    </section>
  );
}
