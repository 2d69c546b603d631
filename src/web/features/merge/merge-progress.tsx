import type { MergeView } from '../../../shared/contracts/cleanup';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { isMergeRunning } from './api/merge-requests';

const OUTCOMES: Readonly<Record<MergeView['records'][number]['outcome'], { label: string; className: string }>> = {
  kept: { label: 'Kept (survivor)', className: 'text-brand-900' },
  merged: { label: 'Merged', className: 'text-emerald-800' },
  failed: { label: 'Not merged', className: 'text-rose-800' },
  pending: { label: 'Waiting', className: 'text-slate-600' },
  skipped: { label: 'Skipped', className: 'text-slate-600' },
};

/** A merge as it runs (read every second) and how it ended, record by record. */
export function MergeProgress({ merge, onDone }: { merge: MergeView; onDone: () => void }) {
  const running = isMergeRunning(merge);
  const done = merge.records.filter((r) => r.outcome === 'merged').length;
  const secondaries = merge.records.filter((r) => r.role === 'secondary').length;
  const percent = secondaries === 0 ? 100 : Math.round((done / secondaries) * 100);
  return (
    <section aria-labelledby="merge-progress-heading" className="space-y-5">
      <h2 id="merge-progress-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {running ? <Spinner className="h-5 w-5" /> : merge.status === 'completed' ? <CheckIcon className="h-5 w-5 text-emerald-700" /> : null}
        {running ? 'Merging in HubSpot…' : merge.status === 'completed' ? 'Merged' : merge.status === 'partial' ? 'Partly merged' : 'The merge failed'}
      </h2>
      {running && (
        <div role="progressbar" aria-label="Merge progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${Math.max(4, percent)}%` }} />
        </div>
      )}
      {merge.status === 'completed' && (
        <Alert tone="success">
          {done} {done === 1 ? 'record was' : 'records were'} merged into record {merge.survivorId}. Every merged-away record is backed up and can be restored from the history.
        </Alert>
      )}
      {(merge.status === 'partial' || merge.status === 'failed') && (
        <Alert tone="error">{merge.errorMessage ?? 'HubSpot refused some of the merges. The records below show which ones went through; you can try the rest again.'}</Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm" aria-label="Records">
        {merge.records.map((record) => (
          <li key={record.id} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-slate-900">Record {record.id}</span>
            <span className={OUTCOMES[record.outcome].className}>
              {OUTCOMES[record.outcome].label}
              {record.errorMessage && `: ${record.errorMessage}`}
            </span>
          </li>
        ))}
      </ul>
      {!running && <Button onClick={onDone}>Back to the groups</Button>}
    </section>
  );
}
