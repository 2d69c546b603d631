import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import type { lastScanResponseSchema } from '../../../../shared/contracts/settings';
import { getJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export type LastScanResponse = z.infer<typeof lastScanResponseSchema>;

export const LAST_SCAN_URL = '/api/settings/last-scan';

/** GET /api/settings/last-scan: the newest scan run, which tells whether one is running now. */
export function getLastScan(): Promise<LastScanResponse> {
  return getJson<LastScanResponse>(LAST_SCAN_URL);
}

export function lastScanQueryKey(demo = false) {
  return demo ? [LAST_SCAN_URL, 'demo'] : [LAST_SCAN_URL];
}

export function lastScanQueryOptions(demo = false) {
  return queryOptions({ queryKey: lastScanQueryKey(demo), queryFn: getLastScan });
}

export function useLastScan() {
  return useQuery(lastScanQueryOptions(isDemoMode(useLocation().pathname)));
}
