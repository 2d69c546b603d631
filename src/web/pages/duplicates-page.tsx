import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { MergeView } from '../../shared/contracts/cleanup';
import { duplicateGroupsQuerySchema } from '../../shared/contracts/results';
import { ButtonLink, Button } from '../components/ui/button';
import { DownloadLink } from '../components/ui/download-link';
import { LoadingState } from '../components/ui/spinner';
import { toast } from '../components/ui/toast-store';
import { DashboardPanel, SectionError } from '../features/dashboard/dashboard-panel';
import { formatCount } from '../features/dashboard/format-numbers';
import { groupFiltersFrom, groupsExportUrl, PAGE_SIZE, useDuplicateGroup, useDuplicateGroups, useGroupDecision, type Decision, type GroupFilters } from '../features/duplicates/api/duplicate-groups';
import { GroupDetail } from '../features/duplicates/group-detail';
import { GroupFiltersBar, SinceChip } from '../features/duplicates/group-filters';
import { GroupList } from '../features/duplicates/group-list';
import { isMergeRunning, useMerge } from '../features/merge/api/merge-requests';
import { MergeHistory } from '../features/merge/merge-history';
import { MergePlanner } from '../features/merge/merge-planner';
import { MergeProgress } from '../features/merge/merge-progress';
import { serverMessage } from '../lib/api-request';
import { DEMO_BASE_PATH, isDemoMode } from '../lib/demo-mode';

/** The filters live in the address, so a view can be bookmarked, shared and reloaded. */
const filtersFrom = (params: URLSearchParams): GroupFilters => groupFiltersFrom(params, sinceFrom);

/** A since the API takes (an ISO date and time); anything else is left out rather than failing the list. */
function sinceFrom(value: string | null): string | null {
  return value !== null && duplicateGroupsQuerySchema.shape.since.safeParse(value).success ? value : null;
}

function paramsFrom(filters: GroupFilters, group: number | null, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(extra);
  if (filters.objectType) params.set('objectType', filters.objectType);
  if (filters.status !== 'pending') params.set('status', filters.status);
  if (filters.confidence !== 'any') params.set('confidence', filters.confidence);
  if (filters.sort !== 'confidence') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.since) params.set('since', filters.since);
  if (group !== null) params.set('group', String(group));
  return params;
}

export function DuplicatesPage() {
  const { pathname } = useLocation();
  const demo = isDemoMode(pathname);
  const basePath = demo ? DEMO_BASE_PATH : '';
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const selectedId = Number(params.get('group')) > 0 ? Number(params.get('group')) : null;
  const view = params.get('view') === 'history' ? 'history' : 'groups';
  const planning = params.get('merge') === '1' && selectedId !== null;
  const list = useDuplicateGroups(filters);
  const detail = useDuplicateGroup(selectedId);
  const decision = useGroupDecision();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<MergeView | null>(null);
  const merge = useMerge(started?.id ?? null);
  const mergeNow = merge.data ?? started;
  const wide = planning || (mergeNow !== null && started?.groupId === selectedId);
  const mergeFinished = mergeNow !== null && !isMergeRunning(mergeNow);
  useEffect(() => {
    // A finished merge changes groups, their statuses and the history.
    if (mergeFinished) void queryClient.invalidateQueries({ predicate: ({ queryKey: [first] }) => typeof first === 'string' && (first.startsWith('/api/duplicates') || first.startsWith('/api/cleanup')) });
  }, [mergeFinished, queryClient]);

  const select = (group: number | null) => setParams(paramsFrom(filters, group));
  const changeFilters = (changes: Partial<GroupFilters>) => setParams(paramsFrom({ ...filters, ...changes }, null));

  const decide = (next: Decision, done: string) => {
    const groups = list.data?.groups ?? [];
    const at = groups.findIndex((g) => g.id === next.groupId);
    const following = next.kind === 'dismiss' ? (groups[at + 1] ?? groups[at - 1] ?? null) : null;
    decision.mutate(next, {
      onSuccess: (group) => {
        toast({ title: done, description: demo ? 'This is the demo, so nothing was saved.' : 'It will not be proposed again.', variant: 'success' });
        if (group.status !== 'pending' && following) select(following.id);
      },
      onError: (error) => toast({ title: 'That did not work', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };

  const total = list.data?.total ?? 0;
  const from = total === 0 ? 0 : (filters.page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, filters.page * PAGE_SIZE);
  const filtered = filters.objectType !== null || filters.status !== 'pending' || filters.confidence !== 'any' || filters.since !== null;

  const detailContent = () => {
    if (mergeNow && started?.groupId === selectedId)
      return (
        <MergeProgress
          merge={mergeNow}
          onDone={() => {
            setStarted(null);
            select(null);
          }}
        />
      );
    if (planning)
      return (
        <MergePlanner
          groupId={selectedId}
          onCancel={() => select(selectedId)}
          onStarted={(run) => {
            setStarted(run);
            setParams(paramsFrom(filters, selectedId));
          }}
          {...(demo ? { readOnlyNote: 'The demo shows the plan; merging works in your own account.' } : {})}
        />
      );
    if (detail.isPending) return <LoadingState label="Loading the group" className="py-16" />;
    if (detail.isError) return <SectionError message="This group could not be loaded. It may belong to an older scan." onRetry={() => void detail.refetch()} />;
    return (
      <GroupDetail
        group={detail.data}
        busy={decision.isPending}
        onMerge={() => setParams(paramsFrom(filters, detail.data.id, { merge: '1' }))}
        onDismiss={() => decide({ kind: 'dismiss', groupId: detail.data.id }, 'Marked as not a duplicate')}
        onRemoveRecord={(recordId) => decide({ kind: 'remove-record', groupId: detail.data.id, recordId }, 'Record taken out of the group')}
        {...(demo ? { readOnlyNote: 'In the demo your decision is shown but not saved.' } : {})}
      />
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Duplicates</h1>
          <p className="mt-1 text-slate-600">Records that look like the same contact, company, deal or ticket, with the evidence for each match.</p>
        </div>
        <nav aria-label="Duplicates views" className="flex shrink-0 gap-1 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {(
            [
              ['groups', 'Groups'],
              ['history', 'History'],
            ] as const
          ).map(([key, label]) => (
            <Link
              key={key}
              to={key === 'history' ? '?view=history' : '?'}
              aria-current={view === key ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 ${view === key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>

      {view === 'history' ? (
        <DashboardPanel id="history-heading" title="History" description="What was merged, dismissed and restored, when and by whom. A merged-away record can be restored from its backup.">
          <MergeHistory demo={demo} />
        </DashboardPanel>
      ) : (
        <>
          <GroupFiltersBar filters={filters} onChange={changeFilters} />
          {filters.since && <SinceChip since={filters.since} onRemove={() => changeFilters({ since: null, page: 1 })} />}

          {/* The merge plan and its progress take the full width: the merged record needs room to be read. */}
          <div className={`grid grid-cols-1 gap-6 ${wide ? '' : 'lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]'}`}>
            <section aria-labelledby="groups-heading" className={`overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${wide ? 'hidden' : selectedId !== null ? 'hidden lg:block' : ''}`}>
              <div className="flex items-baseline justify-between border-b border-slate-100 px-4 py-3">
                <h2 id="groups-heading" className="text-base font-semibold text-slate-900">
                  Groups
                </h2>
                <div className="flex items-baseline gap-3">
                  {list.data && (
                    <p className="text-sm text-slate-500" aria-live="polite">
                      {total === 0 ? 'None' : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`}
                    </p>
                  )}
                  {total > 0 && <DownloadLink href={groupsExportUrl(filters, pathname)}>Download CSV</DownloadLink>}
                </div>
              </div>
              {list.isPending ? (
                <LoadingState label="Loading duplicate groups" className="py-16" />
              ) : list.isError ? (
                <div className="p-4">
                  <SectionError message="The duplicate groups could not be loaded." onRetry={() => void list.refetch()} />
                </div>
              ) : total === 0 ? (
                <div className="px-4 py-10 text-center">
                  <p className="font-medium text-slate-900">{filtered ? 'No groups match these filters' : 'No duplicates to review'}</p>
                  <p className="mt-1 text-sm text-slate-500">{filtered ? 'Try another object type, status or confidence.' : 'Groups appear here when a scan finds records that look alike.'}</p>
                  <div className="mt-4">
                    {filtered ? (
                      <Button variant="secondary" size="sm" onClick={() => setParams(new URLSearchParams())}>
                        Clear filters
                      </Button>
                    ) : (
                      <ButtonLink to={`${basePath}/dashboard`} variant="secondary" size="sm">
                        Go to the dashboard
                      </ButtonLink>
                    )}
                  </div>
                </div>
              ) : (
                <>
                  <GroupList groups={list.data.groups} selectedId={selectedId} onSelect={select} showType={filters.objectType === null} />
                  {total > PAGE_SIZE && (
                    <nav aria-label="Pages of groups" className="flex items-center justify-between border-t border-slate-100 px-4 py-3">
                      <Button variant="secondary" size="sm" disabled={filters.page <= 1} onClick={() => setParams(paramsFrom({ ...filters, page: filters.page - 1 }, null))}>
                        Previous
                      </Button>
                      <span className="text-sm text-slate-500">
                        Page {filters.page} of {Math.ceil(total / PAGE_SIZE)}
                      </span>
                      <Button variant="secondary" size="sm" disabled={to >= total} onClick={() => setParams(paramsFrom({ ...filters, page: filters.page + 1 }, null))}>
                        Next
                      </Button>
                    </nav>
                  )}
                </>
              )}
            </section>

            <div className={selectedId === null ? 'hidden lg:block' : ''}>
              {selectedId === null ? (
                <div className="flex h-full min-h-64 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white/60 p-8 text-center">
                  <p className="max-w-sm text-sm text-slate-500">Choose a group to see its records side by side and why they were matched.</p>
                </div>
              ) : (
                <DashboardPanel id="group-panel-heading" title="Group" className="!pt-4">
                  {/* The merge plan has its own way back (to the group): one back link at a time. */}
                  {!wide && (
                    <div className="-mt-12 mb-4 flex justify-end lg:hidden">
                      <Button variant="ghost" size="sm" onClick={() => select(null)}>
                        ← Back to groups
                      </Button>
                    </div>
                  )}
                  {detailContent()}
                </DashboardPanel>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
