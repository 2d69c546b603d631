import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AutomaticCleanupRunView, HistoryPage, MergePlan, MergeRequest, MergeView, PrimaryRule } from '../../../../shared/contracts/cleanup';
import { getJson, requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

const CLEANUP = '/api/cleanup';
const demoKey = (demo: boolean) => (demo ? ['demo'] : []);

export interface PlanChoice {
  primaryRule: PrimaryRule;
  /** A primary picked by hand; the rule's suggestion when null. */
  primaryId: string | null;
}

export function planUrl(groupId: number, choice: PlanChoice): string {
  const params = new URLSearchParams({ primaryRule: choice.primaryRule });
  if (choice.primaryId) params.set('primaryId', choice.primaryId);
  return `${CLEANUP}/groups/${groupId}/plan?${params}`;
}

/** The merge as it would run now; HubSpot is read live, so it is never cached for long. */
export function useMergePlan(groupId: number, choice: PlanChoice) {
  const demo = isDemoMode(useLocation().pathname);
  return useQuery({
    queryKey: [CLEANUP, 'plan', groupId, choice, ...demoKey(demo)],
    queryFn: () => getJson<MergePlan>(planUrl(groupId, choice)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStartMerge(groupId: number) {
  return useMutation({ mutationFn: (request: MergeRequest) => requestJson<MergeView>('POST', `${CLEANUP}/groups/${groupId}/merge`, request) });
}

const RUNNING: readonly MergeView['status'][] = ['queued', 'running'];

/** A merge, read every second while it runs. */
export function useMerge(mergeId: number | null) {
  const demo = isDemoMode(useLocation().pathname);
  return useQuery({
    queryKey: [CLEANUP, 'merge', mergeId, ...demoKey(demo)],
    queryFn: () => getJson<MergeView>(`${CLEANUP}/merges/${mergeId}`),
    enabled: mergeId !== null,
    refetchInterval: (query) => (query.state.data && !RUNNING.includes(query.state.data.status) ? false : 1000),
  });
}

export function isMergeRunning(merge: MergeView): boolean {
  return RUNNING.includes(merge.status);
}

export function historyQueryOptions(page: number, demo = false) {
  return queryOptions({ queryKey: [CLEANUP, 'history', page, ...demoKey(demo)], queryFn: () => getJson<HistoryPage>(`${CLEANUP}/history?page=${page}&pageSize=20`) });
}

export function useCleanupHistory(page: number) {
  const demo = isDemoMode(useLocation().pathname);
  return useQuery({ ...historyQueryOptions(page, demo), placeholderData: keepPreviousData });
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) => requestJson<{ restoredId: string; message: string }>('POST', `${CLEANUP}/actions/${actionId}/restore`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CLEANUP, 'history'] }),
  });
}

/** The newest automatic cleanup runs: what each scheduled scan's cleanup merged, deferred or skipped. */
export function useAutomaticCleanupRuns() {
  const demo = isDemoMode(useLocation().pathname);
  return useQuery({
    queryKey: [CLEANUP, 'automatic-runs', ...demoKey(demo)],
    queryFn: () => getJson<{ runs: AutomaticCleanupRunView[]; total: number }>(`${CLEANUP}/automatic-runs?pageSize=5`),
  });
}
