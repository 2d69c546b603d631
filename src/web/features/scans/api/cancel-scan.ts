import { useMutation } from '@tanstack/react-query';
import type { ScanRun } from '../../../../shared/contracts/scans';
import { ApiError, requestJson } from '../../../lib/api-request';

/** POST /api/scans/:id/cancel: a queued scan ends at once, a running one at its next progress write. */
export function cancelScan(id: number): Promise<ScanRun> {
  return requestJson<ScanRun>('POST', `/api/scans/${id}/cancel`);
}

/** A scan that finished before the cancel arrived needs nothing more: its done event follows. */
export function isAlreadyFinished(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.data?.code === 'SCAN_FINISHED';
}

export function useCancelScan({ onError }: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: cancelScan, onError: (error) => (isAlreadyFinished(error) ? undefined : onError(error)) });
}
