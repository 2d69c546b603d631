import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { HealthResults } from '../../../../shared/contracts/results';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const RESULTS_URL = '/api/hubspot/results';

/** GET /api/hubspot/results: the latest health per object type and the overall score. */
export function getResults(): Promise<HealthResults> {
  return getJson<HealthResults>(RESULTS_URL);
}

export function resultsQueryOptions(demo = false) {
  return queryOptions({ queryKey: demo ? [RESULTS_URL, 'demo'] : [RESULTS_URL], queryFn: getResults });
}

export function useResults() {
  return useQuery(resultsQueryOptions(isDemoMode(useLocation().pathname)));
}
