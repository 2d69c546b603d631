import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectRecordPage, ObjectSort, QualityFlag } from '../../../../shared/contracts/objects';
import type { ObjectType } from '../../../../shared/object-types';
import { getJson } from '../../../lib/api-request';

export const OBJECT_PAGE_SIZE = 25;

export interface ObjectListParams {
  search: string;
  flag: QualityFlag | null;
  sort: ObjectSort;
  page: number;
}

/** GET /api/objects/{type}: the API path with its query is the query key. */
export function objectRecordsUrl(objectType: ObjectType, params: ObjectListParams): string {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(OBJECT_PAGE_SIZE), sort: params.sort });
  if (params.search) query.set('search', params.search);
  if (params.flag) query.set('flag', params.flag);
  return `/api/objects/${objectType}?${query}`;
}

/** The whole list as these parameters select it (every page), as CSV. */
export function objectRecordsCsvUrl(objectType: ObjectType, params: Pick<ObjectListParams, 'search' | 'flag' | 'sort'>): string {
  const query = new URLSearchParams({ sort: params.sort });
  if (params.search) query.set('search', params.search);
  if (params.flag) query.set('flag', params.flag);
  return `/api/objects/${objectType}/records.csv?${query}`;
}

export function objectRecordsQueryOptions(objectType: ObjectType, params: ObjectListParams) {
  const url = objectRecordsUrl(objectType, params);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<ObjectRecordPage>(url) });
}

export function useObjectRecords(objectType: ObjectType, params: ObjectListParams) {
  // The previous page stays on screen while the next one loads; a new type starts afresh.
  return useQuery({ ...objectRecordsQueryOptions(objectType, params), placeholderData: (previous) => (previous?.objectType === objectType ? previous : undefined) });
}
