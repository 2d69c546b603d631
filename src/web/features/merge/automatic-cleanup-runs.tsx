import type { AutomaticCleanupRunView } from '../../../shared/contracts/cleanup';
import { formatExactTime } from '../dashboard/time-ago';
import { useAutomaticCleanupRuns } from './api/merge-requests';

const TONES: Readonly<Record<AutomaticCleanupRunView['status'], string>> = {
  completed: 'border-emerald-200 bg-emerald-50/60',
  running: 'border-sky-200 bg-sky-50/60',
  skipped: 'border-slate-200 bg-slate-50',
  failed: 'border-rose-200 bg-rose-50/60',
};

/**
 * What automatic cleanup did after each scheduled scan, newest first: its summary, and the
 * groups left for the next run or for a person. Shown only once cleanup has run.
 */
export function AutomaticCleanupRuns() {
  const runs = useAutomaticCleanupRuns();
  if (!runs.data || runs.data.runs.length === 0) return null;
  return (
    <section aria-labelledby="automatic-runs-heading" className="border-b border-slate-100 px-4 py-4">
      <h3 id="automatic-runs-heading" className="text-sm font-semibold text-slate-900">
        Automatic cleanup
      </h3>
      <ul className="mt-3 space-y-2">
        {runs.data.runs.map((run) => (
          <li key={run.id} className={`rounded-xl border px-3 py-2 text-sm ${TONES[run.status]}`}>
            <p className="text-slate-900">{run.message}</p>
            <p className="mt-0.5 text-xs text-slate-600">
              {formatExactTime(new Date(run.createdAt))} · {run.mergedGroups} of {run.eligibleGroups} eligible groups merged ({run.mergedRecords} records)
              {run.deferredGroups > 0 && ` · ${run.deferredGroups} left for the next run (limit ${run.maxMergesPerRun} per run)`}
              {run.failedGroups > 0 && ` · ${run.failedGroups} failed`}
              {run.skipped.length > 0 && ` · ${run.skipped.length} skipped`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
