import type { ScanRun } from '../../../shared/contracts/scans';
import { Button } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { OBJECT_TYPE_LABELS } from './object-type-labels';
import type { ScanTransport } from './use-scan-events';

const numbers = new Intl.NumberFormat();

function recordsText({ recordsFetched, recordsExpected }: ScanRun['progress']): string {
  if (recordsExpected !== null && recordsExpected > 0) return `${numbers.format(recordsFetched)} of ${numbers.format(recordsExpected)}`;
  return numbers.format(recordsFetched);
}

/** The running scan: phase message, a progress bar, records fetched, object types done, and Cancel. */
export function ScanProgressPanel({ run, transport, onCancel, cancelling }: { run: ScanRun; transport: ScanTransport | null; onCancel: () => void; cancelling: boolean }) {
  const { progress } = run;
  const percent = Math.round(Math.min(100, Math.max(0, progress.percent)));
  const queued = run.status === 'queued' || progress.phase === 'queued';
  const title = cancelling ? 'Cancelling the scan…' : queued ? 'Scan queued' : 'Scan in progress';

  return (
    <section aria-labelledby="scan-progress-heading" className="overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Spinner className="h-4 w-4" />
          </span>
          <div className="min-w-0">
            <h2 id="scan-progress-heading" className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {/* Phase changes are announced; the percentage ticks are not, they would drown everything else. */}
            <p aria-live="polite" className="mt-0.5 text-sm text-slate-600">
              {progress.message}
            </p>
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={cancelling} className="self-start">
          {cancelling ? 'Cancelling…' : 'Cancel scan'}
        </Button>
      </div>

      <div className="px-5 pb-5 sm:px-6 sm:pb-6">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-slate-700">Progress</span>
          <span className="font-semibold tabular-nums text-slate-900">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Scan progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%: ${progress.message}`}
          className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-gradient-to-r from-brand-600 to-emerald-400 transition-[width] duration-500 ease-out" style={{ width: `${Math.max(percent, 2)}%` }} />
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">Records fetched</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">{recordsText(progress)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">Object types done</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">
              {progress.completedTypes} of {run.objectTypes.length}
            </dd>
          </div>
          <div className="col-span-2 rounded-lg bg-slate-50 px-3 py-2 sm:col-span-1">
            <dt className="text-xs font-medium text-slate-500">Updates</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{transport === 'polling' ? 'Every 2 seconds' : 'Live'}</dd>
          </div>
        </dl>

        <ol aria-label="Object types in this scan" className="mt-4 flex flex-wrap gap-2">
          {run.objectTypes.map((type, index) => {
            const done = index < progress.completedTypes;
            const current = !done && progress.objectType === type;
            return (
              <li
                key={type}
                className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium ${
                  done ? 'bg-emerald-50 text-emerald-800' : current ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-600/30' : 'bg-slate-100 text-slate-500'
                }`}
              >
                {done && <CheckIcon className="h-3.5 w-3.5" />}
                {OBJECT_TYPE_LABELS[type]}
                <span className="sr-only">{done ? ' (done)' : current ? ' (in progress)' : ' (waiting)'}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
