import { vi } from 'vitest';
import type { ScanRun } from '../../../shared/contracts/scans';

/** A scan run as the API answers it, for tests. */
export function scanRun(overrides: Partial<ScanRun> = {}, progress: Partial<ScanRun['progress']> = {}): ScanRun {
  return {
    id: 77,
    status: 'running',
    objectTypes: ['contacts', 'companies'],
    trigger: 'manual',
    progress: {
      phase: 'syncing',
      objectType: 'contacts',
      completedTypes: 0,
      recordsFetched: 0,
      recordsExpected: null,
      pairsCompared: 0,
      percent: 0,
      message: 'Waiting to start',
      ...progress,
    },
    errorMessage: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    startedAt: '2025-03-01T10:00:01.000Z',
    finishedAt: null,
    results: [],
    ...overrides,
  };
}

/**
 * Stands in for the browser's EventSource: tests push 'progress' and 'done' events, or an
 * error, into the streams the code under test opened.
 */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: 'progress' | 'done', run: ScanRun): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(run) }));
  }

  fail(): void {
    this.dispatchEvent(new Event('error'));
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }

  /** Replaces the global for one test; the test setup restores it. */
  static install(): void {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }
}
