import { useState } from 'react';
import type { RecordActionView } from '../../../shared/contracts/cleanup';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-request';
import { SectionError } from '../dashboard/dashboard-panel';
import { formatExactTime } from '../dashboard/time-ago';
import { useUndoDismissal } from '../duplicates/api/duplicate-groups';
import { recordNoun } from '../duplicates/group-summary';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { useCleanupHistory, useRestore } from './api/merge-requests';
import { AutomaticCleanupRuns } from './automatic-cleanup-runs';

const STATUS_STYLES: Readonly<Record<RecordActionView['status'], string>> = {
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-rose-50 text-rose-800 ring-rose-200',
  pending: 'bg-slate-100 text-slate-700 ring-slate-200',
  in_progress: 'bg-sky-50 text-sky-800 ring-sky-200',
  skipped: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const STATUS_LABELS: Readonly<Record<RecordActionView['status'], string>> = { completed: 'Done', failed: 'Failed', pending: 'Waiting', in_progress: 'Running', skipped: 'Skipped' };

function who(action: RecordActionView): string {
  if (action.performedBy === 'automatic-cleanup') return 'Automatic cleanup';
  return action.performedByName ?? 'You';
}

/** The record a Restore brings back, as the server names it (its name when it had one), else by its id. */
export function restoredRecordName(action: RecordActionView): string {
  if (action.restore.recordName) return action.restore.recordName;
  const away = action.recordIds.find((id) => id !== action.primaryRecordId);
  return away ? `record ${away}` : 'the merged-away record';
}

/** What was merged, dismissed and restored, when and by whom, newest first, with Restore where a backup allows it. */
export function MergeHistory({ demo }: { demo: boolean }) {
  const [page, setPage] = useState(1);
  const history = useCleanupHistory(page);
  const restore = useRestore();
  const undo = useUndoDismissal();
  const [asking, setAsking] = useState<RecordActionView | null>(null);

  const runUndo = (groupId: number) =>
    undo.mutate(groupId, {
      onSuccess: () => toast({ title: 'Dismissal undone', description: 'The group is back in the duplicates list.', variant: 'success' }),
      onError: (error) => toast({ title: 'The dismissal could not be undone', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });

  const runRestore = (action: RecordActionView) =>
    restore.mutate(action.id, {
      onSuccess: (result) => {
        setAsking(null);
        toast({ title: 'Record restored', description: result.message, variant: 'success' });
      },
      onError: (error) => {
        setAsking(null);
        toast({ title: 'The record could not be restored', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });

  if (history.isPending) return <LoadingState label="Loading the history" className="py-16" />;
  if (history.isError) return <SectionError message="The history could not be loaded." onRetry={() => void history.refetch()} />;
  const { actions, total, pageSize } = history.data;
  if (total === 0) return <p className="px-4 py-10 text-center text-sm text-slate-500">Nothing merged or dismissed yet. Decisions you take on duplicate groups appear here.</p>;

  return (
    <div>
      <AutomaticCleanupRuns />
      <ol className="divide-y divide-slate-100" aria-label="History of record actions">
        {actions.map((action) => (
          <li key={action.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="text-sm text-slate-900">{action.summary}</p>
              <p className="mt-0.5 text-xs text-slate-500">
                {formatExactTime(new Date(action.timestamp))} · {who(action)} · {OBJECT_TYPE_LABELS[action.objectType]}
                {action.errorMessage && <span className="text-rose-700"> · {action.errorMessage}</span>}
                {action.restore.restoredAsId && <span> · restored as record {action.restore.restoredAsId}</span>}
                {action.undo.undoneAt && <span> · undone {formatExactTime(new Date(action.undo.undoneAt))}</span>}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLES[action.status]}`}>{STATUS_LABELS[action.status]}</span>
              {action.restore.available && !demo && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.isPending}
                  onClick={() => setAsking(action)}
                >
                  {restore.isPending && restore.variables === action.id && <Spinner className="h-4 w-4" />}
                  Restore
                </Button>
              )}
              {action.undo.available && action.groupId !== null && !demo && (
                <Button variant="secondary" size="sm" disabled={undo.isPending} onClick={() => runUndo(action.groupId!)}>
                  {undo.isPending && undo.variables === action.groupId && <Spinner className="h-4 w-4" />}
                  Undo
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      {asking && (
        <ConfirmDialog
          open
          title={`Restore ${restoredRecordName(asking)}?`}
          description={
            <>
              <span className="block">
                The {recordNoun(asking.objectType, 1)} <strong className="break-words font-medium text-slate-900">{restoredRecordName(asking)}</strong> will be recreated: a new record with a new id will be created in HubSpot from
                the backup.
              </span>
              <span className="mt-2 block">Its data that the merge took away is restored from the backup taken before the merge. The merged record stays as it is: HubSpot cannot unmerge.</span>
            </>
          }
          confirmLabel={`Restore ${recordNoun(asking.objectType, 1)}`}
          busy={restore.isPending}
          onConfirm={() => runRestore(asking)}
          onClose={() => setAsking(null)}
        />
      )}
      {total > pageSize && (
        <nav aria-label="Pages of history" className="flex items-center justify-between border-t border-slate-100 px-4 py-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="text-sm text-slate-500">
            Page {page} of {Math.ceil(total / pageSize)}
          </span>
          <Button variant="secondary" size="sm" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
