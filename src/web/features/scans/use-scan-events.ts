import { useEffect, useEffectEvent, useState } from 'react';
import { scanRunSchema, type ScanRun } from '../../../shared/contracts/scans';
import { ReadError, resolveApiUrl } from '../../lib/api-request';
import { getScan, isScanActive } from './api/get-scan';

/** How often GET /api/scans/:id is asked when the event stream is unavailable. */
export const SCAN_POLL_MS = 2_000;

export type ScanTransport = 'events' | 'polling';

function hasEventSource(): boolean {
  return typeof EventSource !== 'undefined';
}

function parseRun(data: unknown): ScanRun | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = scanRunSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Follows one scan run live: the server-sent events of GET /api/scans/:id/events ('progress',
 * then 'done'), or, once the stream errors (or the browser has no EventSource), GET
 * /api/scans/:id every 2 s. `onFinish` is called once, with the final run.
 */
export function useScanEvents(runId: number | null, onFinish: (run: ScanRun) => void): { run: ScanRun | null; transport: ScanTransport | null } {
  const [latest, setLatest] = useState<ScanRun | null>(null);
  const [pollingRunId, setPollingRunId] = useState<number | null>(null);
  const finish = useEffectEvent(onFinish);

  useEffect(() => {
    if (runId === null) return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const stop = () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
    };

    const receive = (run: ScanRun | null) => {
      if (stopped || run?.id !== runId) return;
      setLatest(run);
      if (!isScanActive(run)) {
        stop();
        finish(run);
      }
    };

    const poll = async () => {
      try {
        receive(await getScan(runId));
      } catch (error) {
        // The run is gone (or never was ours): nothing more will come.
        if (error instanceof ReadError && error.status === 404) return stop();
        // Anything else is tried again at the next tick.
      }
      if (!stopped) timer = setTimeout(() => void poll(), SCAN_POLL_MS);
    };

    if (!hasEventSource()) {
      void poll();
    } else {
      // Sessions are cookies, so the stream must send them too.
      source = new EventSource(resolveApiUrl(`/api/scans/${runId}/events`, 'GET'), { withCredentials: true });
      const onMessage = (event: Event) => receive(parseRun((event as MessageEvent<unknown>).data));
      source.addEventListener('progress', onMessage);
      source.addEventListener('done', onMessage);
      // EventSource would reconnect on its own, forever; polling is simpler to reason about.
      source.addEventListener('error', () => {
        if (stopped) return;
        source?.close();
        setPollingRunId(runId);
        void poll();
      });
    }
    return stop;
  }, [runId]);

  return {
    run: runId !== null && latest?.id === runId ? latest : null,
    transport: runId === null ? null : pollingRunId === runId || !hasEventSource() ? 'polling' : 'events',
  };
}
