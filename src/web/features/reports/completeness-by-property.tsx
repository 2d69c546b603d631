import type { ObjectHealth } from '../../../shared/contracts/results';
import { formatCount, formatScore, formatShare } from '../dashboard/format-numbers';
import { healthBand } from '../dashboard/health-band';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';

/**
 * Per object type, how often each key property is filled in its latest scan, the emptiest
 * first, with the weight it has in the completeness score. The numbers are text; the bars
 * only draw them.
 */
export function CompletenessByProperty({ objects }: { objects: readonly ObjectHealth[] }) {
  const withRates = objects.filter((o) => o.fillRates.length > 0);
  if (withRates.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">No property fill rates yet. They come with the next completed scan.</p>;
  }
  return (
    <div className={`grid gap-8 ${withRates.length > 1 ? 'lg:grid-cols-2' : ''}`}>
      {withRates.map((object) => {
        const label = OBJECT_TYPE_LABELS[object.objectType];
        const headingId = `completeness-${object.objectType}`;
        const rates = [...object.fillRates].sort((a, b) => a.rate - b.rate || b.weight - a.weight);
        return (
          <div key={object.objectType} data-print-keep>
            <h3 id={headingId} className="flex flex-wrap items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
              {label}
              <span className="text-xs font-normal text-slate-600">
                Completeness <span className="font-semibold text-slate-900">{formatScore(object.completenessScore)}</span> · {formatCount(object.totalRecords)} records
              </span>
            </h3>
            <ul aria-labelledby={headingId} className="mt-3 space-y-2.5">
              {rates.map((fill) => (
                <li key={fill.property}>
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate text-slate-700" title={fill.property}>
                      {fill.label}
                      <span className="ml-1.5 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">weight {fill.weight}</span>
                    </span>
                    <span className="shrink-0 tabular-nums text-slate-600">
                      <span className="font-semibold text-slate-900">{formatShare(fill.rate)}</span> · {formatCount(fill.filled)} of {formatCount(object.totalRecords)}
                    </span>
                  </div>
                  <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" className="mt-1 block h-2 w-full">
                    <rect x="0" y="0" width="100" height="6" rx="3" fill="#f1f5f9" />
                    {fill.rate > 0 && <rect x="0" y="0" width={Math.max(1.5, fill.rate * 100)} height="6" rx="3" fill={healthBand(fill.rate * 100).color} />}
                  </svg>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
