import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OBJECT_TYPES } from '../../../shared/object-types';
import { scanHistory, scanRuns, type ScanProgress } from '../../db/schema';
import { recordScanFailedEvent } from '../notifications';

/** How often progress reaches the database (and a cancel request reaches the scan). */
const WRITE_EVERY_MS = 500;

export class ScanCancelledError extends Error {
  constructor() {
    super('The scan was cancelled.');
    this.name = 'ScanCancelledError';
  }
}

/** Another attempt of the job now holds the run (this one stalled and was retried): it writes nothing more. */
export class ScanSupersededError extends Error {
  constructor() {
    super('The scan was taken over by a newer attempt.');
    this.name = 'ScanSupersededError';
  }
}

/**
 * Keeps a run's progress in its row, where the server-sent events read it from whichever
 * process serves them, and turns a cancel request into an aborted signal. Every write is
 * fenced by the attempt that claimed the run: once a newer attempt holds it, this one's
 * writes change nothing and its signal aborts, as it does when pg-boss says the job's claim is gone.
 */
export class ScanProgressReporter {
  private readonly controller = new AbortController();
  /** Aborted by a cancel request, a lost fence or the job's own signal. */
  readonly signal: AbortSignal;
  private state: ScanProgress = { phase: 'queued', objectType: null, completedTypes: 0, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, percent: 0, message: 'Waiting to start' };
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly runId: number,
    private readonly attempt: number,
    private readonly typeCount: number,
    jobSignal: AbortSignal,
  ) {
    this.signal = AbortSignal.any([this.controller.signal, jobSignal]);
  }

  /** Stopped because another attempt holds the run, not because the user cancelled. */
  get superseded(): boolean {
    return this.signal.aborted && !(this.signal.reason instanceof ScanCancelledError);
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
    if (this.signal.aborted) throw this.superseded ? new ScanSupersededError() : new ScanCancelledError();
  }

  /** Records how the run ended; false when a newer attempt holds the run and nothing was written. */
  async finish(outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string; errorMessage?: string | null }): Promise<boolean> {
    await this.writing;
    const done = outcome.status === 'completed';
    this.state = { ...this.state, phase: 'done', completedTypes: done ? this.typeCount : this.state.completedTypes, percent: done ? 100 : this.state.percent, message: outcome.message };
    const finishedAt = new Date();
    // A failure is told of (the outbox) with the status that says so, in one transaction: once.
    return this.db.transaction(async (tx) => {
      const [run] = await tx
        .update(scanRuns)
        .set({ status: outcome.status, progress: this.state, errorMessage: outcome.errorMessage ?? null, finishedAt })
        .where(this.held())
        .returning({ id: scanRuns.id, userId: scanRuns.userId, trigger: scanRuns.trigger, objectTypes: scanRuns.objectTypes });
      if (!run) return false;
      if (outcome.status === 'failed') {
        const done = await tx.select({ objectType: scanHistory.objectType }).from(scanHistory).where(and(eq(scanHistory.runId, run.id), eq(scanHistory.status, 'completed')));
        const known = (types: readonly string[]) => OBJECT_TYPES.filter((type) => types.includes(type));
        await recordScanFailedEvent(tx, run.userId, {
          runId: run.id,
          trigger: run.trigger,
          objectTypes: known(run.objectTypes),
          completedTypes: known(done.map((d) => d.objectType)),
          message: outcome.errorMessage ?? outcome.message,
          failedAt: finishedAt.toISOString(),
        });
      }
      return true;
    });
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
      const [row] = await this.db.update(scanRuns).set({ progress }).where(this.held()).returning({ cancelRequested: scanRuns.cancelRequested });
      if (this.controller.signal.aborted) return;
      if (!row) this.controller.abort(new ScanSupersededError());
      else if (row.cancelRequested) this.controller.abort(new ScanCancelledError());
    });
    return this.writing;
  }

  /** The run's row while this attempt still holds it. */
  private held() {
    return and(eq(scanRuns.id, this.runId), eq(scanRuns.attempt, this.attempt));
  }
}
