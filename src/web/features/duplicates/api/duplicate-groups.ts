import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { DuplicateGroupPage, DuplicateGroupView } from '../../../../shared/contracts/results';
import { OBJECT_TYPES, type ObjectType } from '../../../../shared/object-types';
import { getJson, requestJson, resolveApiUrl } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const DUPLICATES_URL = '/api/duplicates';

export type StatusFilter = 'pending' | 'dismissed' | 'merged' | 'failed' | 'all';
export type ConfidenceFilter = 'any' | 'high' | 'medium' | 'low';
export type SortOrder = 'confidence' | 'newest';

export interface GroupFilters {
  objectType: ObjectType | null;
  status: StatusFilter;
  confidence: ConfidenceFilter;
  sort: SortOrder;
  page: number;
  /** Only groups found at or after this ISO time (the link in a notification). */
  since: string | null;
}

export const PAGE_SIZE = 20;

const STATUSES: readonly StatusFilter[] = ['pending', 'dismissed', 'merged', 'failed', 'all'];
const CONFIDENCES: readonly ConfidenceFilter[] = ['any', 'high', 'medium', 'low'];
const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/**
 * The list's filters from the page's address; anything unknown falls back to the default.
 * `sinceOf` checks a since time (the page's check needs zod, kept out of the first bundle: the
 * demo's prefetch asks only for lists without one).
 */
export function groupFiltersFrom(params: URLSearchParams, sinceOf: (value: string | null) => string | null = () => null): GroupFilters {
  const page = Number(params.get('page'));
  return {
    objectType: (OBJECT_TYPES as readonly string[]).includes(params.get('objectType') ?? '') ? (params.get('objectType') as ObjectType) : null,
    status: pick(params.get('status'), STATUSES, 'pending'),
    confidence: pick(params.get('confidence'), CONFIDENCES, 'any'),
    sort: pick<SortOrder>(params.get('sort'), ['confidence', 'newest'], 'confidence'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    since: sinceOf(params.get('since')),
  };
}

/** The confidence bands the filter offers, as the API's bounds (match probability 0-1). */
export const CONFIDENCE_BANDS: Readonly<Record<Exclude<ConfidenceFilter, 'any'>, { min?: number; max?: number; label: string }>> = {
  high: { min: 0.95, label: 'Very likely (95% and up)' },
  medium: { min: 0.8, max: 0.95, label: 'Likely (80–95%)' },
  low: { max: 0.8, label: 'Possible (below 80%)' },
};

function filterParams(filters: GroupFilters): URLSearchParams {
  const params = new URLSearchParams({ status: filters.status, sort: filters.sort });
  if (filters.objectType) params.set('objectType', filters.objectType);
  if (filters.since) params.set('since', filters.since);
  if (filters.confidence !== 'any') {
    const band = CONFIDENCE_BANDS[filters.confidence];
    if (band.min !== undefined) params.set('minConfidence', String(band.min));
    if (band.max !== undefined) params.set('maxConfidence', String(band.max));
  }
  return params;
}

export function groupsUrl(filters: GroupFilters): string {
  const params = filterParams(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', String(PAGE_SIZE));
  // The list's own path lies below /api/duplicates/, so the demo's rewrite reaches it.
  return `${DUPLICATES_URL}/groups?${params}`;
}

/** Every group the filters select, as CSV (all pages); the demo's own copy in the demo. */
export function groupsExportUrl(filters: GroupFilters, pathname: string): string {
  return resolveApiUrl(`${DUPLICATES_URL}/export.csv?${filterParams(filters)}`, 'GET', pathname);
}

const demoKey = (demo: boolean) => (demo ? ['demo'] : []);

export function groupsQueryOptions(filters: GroupFilters, demo = false) {
  return queryOptions({ queryKey: [DUPLICATES_URL, 'list', filters, ...demoKey(demo)], queryFn: () => getJson<DuplicateGroupPage>(groupsUrl(filters)) });
}

export function groupQueryOptions(id: number, demo = false) {
  return queryOptions({ queryKey: [DUPLICATES_URL, 'group', id, ...demoKey(demo)], queryFn: () => getJson<DuplicateGroupView>(`${DUPLICATES_URL}/${id}`) });
}

export function useDuplicateGroups(filters: GroupFilters) {
  const demo = isDemoMode(useLocation().pathname);
  // The old page stays on screen while the next one loads: no flash of an empty list.
  return useQuery({ ...groupsQueryOptions(filters, demo), placeholderData: keepPreviousData });
}

export function useDuplicateGroup(id: number | null) {
  const demo = isDemoMode(useLocation().pathname);
  return useQuery({ ...groupQueryOptions(id ?? 0, demo), enabled: id !== null });
}

export type Decision = { kind: 'dismiss'; groupId: number } | { kind: 'remove-record'; groupId: number; recordId: string };

function decisionUrl(decision: Decision): string {
  return decision.kind === 'dismiss'
    ? `${DUPLICATES_URL}/${decision.groupId}/dismiss`
    : `${DUPLICATES_URL}/${decision.groupId}/records/${encodeURIComponent(decision.recordId)}/not-duplicate`;
}

/**
 * The group as the server answered it, everywhere it is shown. The demo keeps nothing, so
 * there the answer is the only record of the decision: lists are edited in place rather
 * than read again.
 */
export function applyDecision(queryClient: QueryClient, group: DuplicateGroupView, demo: boolean): void {
  queryClient.setQueryData(groupQueryOptions(group.id, demo).queryKey, group);
  for (const [key, page] of queryClient.getQueriesData<DuplicateGroupPage>({ queryKey: [DUPLICATES_URL, 'list'] })) {
    if (!page || !page.groups.some((g) => g.id === group.id)) continue;
    const filters = key[2] as GroupFilters;
    const stays = filters.status === 'all' || filters.status === group.status;
    queryClient.setQueryData<DuplicateGroupPage>(key, {
      ...page,
      groups: stays ? page.groups.map((g) => (g.id === group.id ? group : g)) : page.groups.filter((g) => g.id !== group.id),
      total: stays ? page.total : Math.max(0, page.total - 1),
    });
  }
  if (!demo) void queryClient.invalidateQueries({ queryKey: [DUPLICATES_URL, 'list'] });
}

export function useGroupDecision() {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: (decision: Decision) => requestJson<DuplicateGroupView>('POST', decisionUrl(decision)),
    onSuccess: (group) => applyDecision(queryClient, group, demo),
  });
}

/** POST /api/duplicates/:id/undo-dismiss (from History): the group goes back to the review list. */
export function useUndoDismissal() {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  return useMutation({
    mutationFn: (groupId: number) => requestJson<DuplicateGroupView>('POST', `${DUPLICATES_URL}/${groupId}/undo-dismiss`),
    onSuccess: (group) => {
      applyDecision(queryClient, group, demo);
      void queryClient.invalidateQueries({ queryKey: ['/api/cleanup', 'history'] });
    },
  });
}
