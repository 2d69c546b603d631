import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { DuplicationByField } from '../../../../shared/contracts/results';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const DUPLICATION_BY_FIELD_URL = '/api/hubspot/duplication-by-field';

/** GET /api/hubspot/duplication-by-field: how often key fields repeat, per object type's latest scan. */
export function getDuplicationByField(): Promise<DuplicationByField> {
  return getJson<DuplicationByField>(DUPLICATION_BY_FIELD_URL);
}

export function duplicationByFieldQueryOptions(demo = false) {
  return queryOptions({ queryKey: demo ? [DUPLICATION_BY_FIELD_URL, 'demo'] : [DUPLICATION_BY_FIELD_URL], queryFn: getDuplicationByField });
}

export function useDuplicationByField() {
  return useQuery(duplicationByFieldQueryOptions(isDemoMode(useLocation().pathname)));
}
