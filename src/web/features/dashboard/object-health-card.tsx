import { Link } from 'react-router';
import type { ObjectHealth } from '../../../shared/contracts/results';
import { limitedByPlan, PlanLimitNote } from '../billing/plan-limit-note';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { formatCount, formatScore, formatShare } from './format-numbers';
import { healthBand } from './health-band';
import { HealthScoreRing } from './health-score-ring';
import { LastScanTime } from './last-scan-time';
import { RECENT_UPDATE_WINDOW_DAYS } from '../../../shared/health-formula';

/** The four parts of the health score (0-100 each), with what each one measures. */
export const HEALTH_PARTS = [
  { key: 'completenessScore', label: 'Completeness', hint: 'Key properties filled in' },
  { key: 'freshnessScore', label: 'Freshness', hint: 'How recently records were touched' },
  { key: 'duplicateScore', label: 'Duplicates', hint: 'Higher means fewer duplicates' },
  { key: 'updateFrequencyScore', label: 'Update frequency', hint: `Records updated in the last ${RECENT_UPDATE_WINDOW_DAYS} days` },
] as const;

/** Why a scan looked at fewer records than HubSpot holds, when it did. */
function selectionNote(selection: ObjectHealth['selection']): string | null {
  if (!selection?.limitedBy) return null;
  if (selection.limitedBy === 'sampling') return `Sampled ${selection.samplingRate}% of ${formatCount(selection.inMirror)} records`;
  return `${formatCount(selection.scanned)} of ${formatCount(selection.inMirror)} records (record limit)`;
}

export function ObjectHealthCard({ health, basePath }: { health: ObjectHealth; basePath: string }) {
  const label = OBJECT_TYPE_LABELS[health.objectType];
  const band = healthBand(health.healthScore);
  const headingId = `object-health-${health.objectType}`;
  const note = selectionNote(health.selection);
  const selection = health.selection;
  const duplicateShare = health.totalRecords > 0 ? health.duplicateRecords / health.totalRecords : 0;

  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {label}
          </h3>
          <span className={`mt-1.5 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${band.badge}`}>{band.label}</span>
        </div>
        <HealthScoreRing score={health.healthScore} label={`${label} health score`} size={72} strokeWidth={14} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">Records</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">{formatCount(health.totalRecords)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">Duplicates</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">
            {formatCount(health.duplicateRecords)}
            {health.duplicateRecords > 0 && <span className="ml-1 inline-block text-xs font-medium text-slate-500">({formatShare(duplicateShare)})</span>}
          </dd>
        </div>
      </dl>

      <dl className="mt-4 flex-1 space-y-3">
        {HEALTH_PARTS.map((part) => {
          const score = health[part.key];
          return (
            // A description list allows only dt and dd in each group: the bar is a dd too.
            <div key={part.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-2 text-sm">
              <dt className="text-slate-600" title={part.hint}>
                {part.label}
              </dt>
              <dd className="font-semibold tabular-nums text-slate-900">{formatScore(score)}</dd>
              <dd aria-hidden="true" className="col-span-2 mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full rounded-full" style={{ width: `${Math.min(100, Math.max(0, score))}%`, backgroundColor: healthBand(score).color }} />
              </dd>
            </div>
          );
        })}
      </dl>

      <div className="mt-4 space-y-2 border-t border-slate-100 pt-4">
        <LastScanTime timestamp={health.timestamp} />
        {limitedByPlan(selection) ? (
          <PlanLimitNote selection={selection} objectType={health.objectType} demo={basePath !== ''} />
        ) : (
          note && <p className="text-xs text-slate-500">{note}</p>
        )}
        {health.duplicateRecords > 0 && (
          <Link
            to={`${basePath}/duplicates?objectType=${health.objectType}`}
            className="inline-block text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Review {label.toLowerCase()} duplicates<span aria-hidden="true">&nbsp;→</span>
          </Link>
        )}
      </div>
    </article>
  );
}
