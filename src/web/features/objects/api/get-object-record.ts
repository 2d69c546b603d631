import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectRecordView } from '../../../../shared/contracts/objects';
import type { ObjectType } from '../../../../shared/object-types';
import { getJson } from '../../../lib/api-request';

/** GET /api/objects/{type}/{id}: one record with all its properties, flags and duplicate groups. */
export function objectRecordUrl(objectType: ObjectType, id: string): string {
  return `/api/objects/${objectType}/${encodeURIComponent(id)}`;
}

export function objectRecordQueryOptions(objectType: ObjectType, id: string) {
  const url = objectRecordUrl(objectType, id);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<ObjectRecordView>(url) });
}

export function useObjectRecord(objectType: ObjectType, id: string) {
  return useQuery(objectRecordQueryOptions(objectType, id));
}
