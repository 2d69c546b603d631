import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scanRuns, type ScanProgress } from '../../db/schema';

/** How often progress reaches the database (and a cancel request reaches the scan). */
const WRITE_EVERY_MS = 500;

export class ScanCancelledError extends Error {
  constructor() {
    super('The scan was cancelled.');
    this.name = 'ScanCancelledError';
  }
}

/**
 * Keeps a run's progress in its row, where the server-sent events read it from whichever
 * process serves them, and turns a cancel request into an aborted signal.
 */
export class ScanProgressReporter {
  private readonly controller = new AbortController();
  private state: ScanProgress = { phase: 'queued', objectType: null, completedTypes: 0, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, percent: 0, message: 'Waiting to start' };
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly runId: number,
    private readonly typeCount: number,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A new phase: written at once. `fraction` is how far the current object type is, 0-1. */
  async set(partial: Partial<ScanProgress>, fraction: number): Promise<void> {
    this.merge(partial, fraction);
    await this.write();
    this.throwIfCancelled();
  }

  /** Progress within a phase: written at most every half second. */
  update(partial: Partial<ScanProgress>, fraction: number): void {
    this.merge(partial, fraction);
    if (Date.now() - this.lastWrite >= WRITE_EVERY_MS) void this.write();
  }

  throwIfCancelled(): void {
    if (this.controller.signal.aborted) throw new ScanCancelledError();
  }

  async finish(outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string; errorMessage?: string | null }): Promise<void> {
    await this.writing;
    const done = outcome.status === 'completed';
    this.state = { ...this.state, phase: 'done', completedTypes: done ? this.typeCount : this.state.completedTypes, percent: done ? 100 : this.state.percent, message: outcome.message };
    await this.db
      .update(scanRuns)
      .set({ status: outcome.status, progress: this.state, errorMessage: outcome.errorMessage ?? null, finishedAt: new Date() })
      .where(eq(scanRuns.id, this.runId));
  }

  private merge(partial: Partial<ScanProgress>, fraction: number): void {
    const next = { ...this.state, ...partial };
    next.percent = Math.min(99, Math.floor(((next.completedTypes + Math.min(1, Math.max(0, fraction))) / Math.max(1, this.typeCount)) * 100));
    this.state = next;
  }

  /** Writes the progress and reads the cancel flag in one round trip; writes never overlap. */
  private write(): Promise<void> {
    this.lastWrite = Date.now();
    const progress = this.state;
    this.writing = this.writing.then(async () => {
      const [row] = await this.db.update(scanRuns).set({ progress }).where(eq(scanRuns.id, this.runId)).returning({ cancelRequested: scanRuns.cancelRequested });
      if (row?.cancelRequested && !this.controller.signal.aborted) this.controller.abort(new ScanCancelledError());
    });
    return this.writing;
  }
}
