import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { ScanRun } from '../../../shared/contracts/scans';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-request';
import { isDemoMode } from '../../lib/demo-mode';
import { useCancelScan } from './api/cancel-scan';
import { isScanActive } from './api/get-scan';
import { lastScanQueryKey, useLastScan, type LastScanResponse } from './api/get-last-scan';
import { useStartScan } from './api/start-scan';
import { useScanEvents, type ScanTransport } from './use-scan-events';

/** Reads a finished scan changes: results, trends, duplicates, the mirror counts and the last scan. */
const SCAN_RESULT_PREFIXES = ['/api/hubspot/', '/api/duplicates', '/api/settings/last-scan'];

export function refreshScanResults(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) => typeof first === 'string' && SCAN_RESULT_PREFIXES.some((prefix) => first.startsWith(prefix)),
  });
}

const numbers = new Intl.NumberFormat();

function plural(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}

/** The toast's sentence: what the scan looked at and what it found. */
export function scanSummary(run: Pick<ScanRun, 'results'>): string {
  const records = run.results.reduce((sum, r) => sum + r.totalRecords, 0);
  const duplicates = run.results.reduce((sum, r) => sum + r.duplicateRecords, 0);
  if (run.results.length === 0) return 'Your dashboard is up to date.';
  return `Scanned ${plural(records, 'record', 'records')} and found ${plural(duplicates, 'duplicate', 'duplicates')}.`;
}

export interface ScanControl {
  /** The scan running now (started here, or found running when the page opened), with its latest progress. */
  active: ScanRun | null;
  transport: ScanTransport | null;
  /** The newest scan, when it failed: its errorMessage says why. */
  failed: ScanRun | null;
  /** Whether the last scan is known yet; until then a running scan may be unseen. */
  ready: boolean;
  start: () => void;
  starting: boolean;
  startError: string | null;
  cancel: () => void;
  cancelling: boolean;
}

/**
 * Scan now, the live progress of the running scan and its end: on completion the dashboard's
 * reads refresh and a toast says so; a failure stays in the last scan for the page to show.
 */
export function useScanControl(): ScanControl {
  const queryClient = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  const lastScan = useLastScan();
  const [started, setStarted] = useState<ScanRun | null>(null);
  // The last run seen to finish here: the last-scan read may still call it running for a moment.
  const [finishedId, setFinishedId] = useState<number | null>(null);
  const [cancelRequestedId, setCancelRequestedId] = useState<number | null>(null);

  const newest = lastScan.data?.lastScan ?? null;
  const candidate = started ?? (newest && isScanActive(newest) ? newest : null);
  const tracked = candidate && candidate.id !== finishedId ? candidate : null;

  const onFinish = (run: ScanRun) => {
    setFinishedId(run.id);
    setStarted(null);
    queryClient.setQueryData<LastScanResponse>(lastScanQueryKey(demo), { lastScan: run });
    void refreshScanResults(queryClient);
    if (run.status === 'completed') toast({ title: 'Scan complete', description: scanSummary(run), variant: 'success' });
    if (run.status === 'cancelled') toast({ title: 'Scan cancelled', description: 'Results from your previous scan are still shown.' });
  };

  const { run: live, transport } = useScanEvents(tracked?.id ?? null, onFinish);

  const startMutation = useStartScan({
    onSuccess: (run) => {
      setStarted(run);
      queryClient.setQueryData<LastScanResponse>(lastScanQueryKey(demo), { lastScan: run });
    },
  });

  const cancelMutation = useCancelScan({
    onError: (error) => {
      setCancelRequestedId(null);
      toast({ title: 'Could not cancel the scan', description: serverMessage(error) ?? error.message, variant: 'destructive' });
    },
  });

  const active = tracked ? (live ?? tracked) : null;
  const startError = !active && startMutation.isError ? (serverMessage(startMutation.error) ?? 'The scan could not be started. Please try again.') : null;

  return {
    active,
    transport,
    failed: !active && newest?.status === 'failed' ? newest : null,
    ready: !lastScan.isPending,
    start: () => {
      cancelMutation.reset();
      startMutation.mutate();
    },
    starting: startMutation.isPending,
    startError,
    cancel: () => {
      if (!active) return;
      setCancelRequestedId(active.id);
      cancelMutation.mutate(active.id);
    },
    cancelling: active !== null && cancelRequestedId === active.id,
  };
}
