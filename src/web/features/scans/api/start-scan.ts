import { useMutation } from '@tanstack/react-query';
import type { ScanRun } from '../../../../shared/contracts/scans';
import { ApiError, requestJson } from '../../../lib/api-request';
import { getLastScan } from './get-last-scan';
import { isScanActive } from './get-scan';

function isScanInProgress(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.data?.code === 'SCAN_IN_PROGRESS';
}

/**
 * POST /api/scans with the object types of the user's settings. When a scan is already
 * running (409 SCAN_IN_PROGRESS, say a scheduled one or another tab's), the answer is that
 * scan: the 409 does not name it, so the newest run is looked up.
 */
export async function startScan(): Promise<ScanRun> {
  try {
    return await requestJson<ScanRun>('POST', '/api/scans', {});
  } catch (error) {
    if (!isScanInProgress(error)) throw error;
    const { lastScan } = await getLastScan();
    if (lastScan && isScanActive(lastScan)) return lastScan;
    throw error;
  }
}

export function useStartScan({ onSuccess }: { onSuccess: (run: ScanRun) => void }) {
  return useMutation({ mutationFn: startScan, onSuccess });
}
