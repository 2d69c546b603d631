import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { HistoricalTrends } from '../../../../shared/contracts/results';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const HISTORICAL_TRENDS_URL = '/api/hubspot/historical-trends';

/** GET /api/hubspot/historical-trends: each object type's completed scans of the last `days` days, oldest first. */
export function getHistoricalTrends(days: number): Promise<HistoricalTrends> {
  return getJson<HistoricalTrends>(`${HISTORICAL_TRENDS_URL}?days=${days}`);
}

export function historicalTrendsQueryOptions(days: number, demo = false) {
  return queryOptions({
    queryKey: demo ? [HISTORICAL_TRENDS_URL, { days }, 'demo'] : [HISTORICAL_TRENDS_URL, { days }],
    queryFn: () => getHistoricalTrends(days),
  });
}

export function useHistoricalTrends(days: number) {
  // The chart keeps the previous period on screen while another loads.
  return useQuery({ ...historicalTrendsQueryOptions(days, isDemoMode(useLocation().pathname)), placeholderData: (previous) => previous });
}
