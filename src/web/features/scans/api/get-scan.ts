import type { ScanRun } from '../../../../shared/contracts/scans';
import { getJson } from '../../../lib/api-request';

export function scanUrl(id: number): string {
  return `/api/scans/${id}`;
}

/** GET /api/scans/:id: one run with its progress; polled when the event stream is unavailable. */
export function getScan(id: number): Promise<ScanRun> {
  return getJson<ScanRun>(scanUrl(id));
}

/** Queued and running scans still change; the others are final. */
export function isScanActive(run: Pick<ScanRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}
