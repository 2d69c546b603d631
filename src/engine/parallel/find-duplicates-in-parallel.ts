import type { ObjectType } from '../../shared/object-types';
import { duplicatePipeline, inThisThread, type DuplicateDetectionResult, type FindDuplicatesOptions, type StageRunner } from '../find-duplicates';
import { compareRange } from '../score/comparison-vectors';
import type { EngineRecord, PreparedDataset } from '../types';
import { defaultThreads, sharedEnginePool, type EngineWorker } from './engine-pool';
import { concatDatasets, packDataset, packRecords, unpackDataset, type PackedDataset } from './transfer';

export interface ParallelOptions extends FindDuplicatesOptions {
  /** Threads to use, this one included; every core by default. The result is the same for any number. */
  threads?: number;
  /** Below this many records everything runs on this thread: feeding workers would cost more than it saves. */
  minParallelRecords?: number;
}

const MIN_PARALLEL_RECORDS = 20_000;

let nextSession = 1;

/**
 * Starts the worker threads ahead of the first scan, which would otherwise wait for them
 * (a few hundred milliseconds, more when they compile TypeScript on the way).
 */
export async function startEngineThreads(threads: number = defaultThreads()): Promise<void> {
  await Promise.all(sharedEnginePool.take(Math.max(0, threads - 1)).map((worker) => worker.run({ task: 'ping' })));
}

/**
 * findDuplicates with preparing and comparing shared between this thread and worker
 * threads; every other stage runs here. The result equals findDuplicates' exactly.
 */
export async function findDuplicatesInParallel(records: readonly EngineRecord[], objectType: ObjectType, options: ParallelOptions = {}): Promise<DuplicateDetectionResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultThreads()));
  const minRecords = options.minParallelRecords ?? MIN_PARALLEL_RECORDS;
  const parallel = threads > 1 && records.length >= minRecords;
  // Pairs per record run from 2 to 6: a batch of pairs this size is worth shipping out.
  const runner = parallel ? new ParallelStages(sharedEnginePool.take(threads - 1), minRecords * 2.5) : null;
  const steps = duplicatePipeline(records, objectType, options, runner ?? inThisThread);
  try {
    let step = steps.next();
    while (!step.done) {
      let value: unknown;
      try {
        value = await step.value;
      } catch (error) {
        step = steps.throw(error);
        continue;
      }
      step = steps.next(value);
    }
    return step.value;
  } finally {
    await runner?.end();
  }
}

/** Even ranges of [0, count), one per thread: this thread takes the first. */
function ranges(count: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, k) => [Math.floor((count * k) / parts), Math.floor((count * (k + 1)) / parts)]);
}

class ParallelStages implements StageRunner {
  private readonly session = nextSession++;
  private loaded = false;

  constructor(
    private readonly workers: EngineWorker[],
    private readonly minPairs: number,
  ) {}

  /** Records in slices: the first here, one per worker; then every worker gets the whole dataset. */
  async prepare(...[model, records, settings]: Parameters<StageRunner['prepare']>): Promise<PreparedDataset> {
    const [[, localEnd], ...slices] = ranges(records.length, this.workers.length + 1) as [[number, number], ...[number, number][]];
    const remote = slices.map(([from, to], w) =>
      this.workers[w]!.run<PackedDataset>({ task: 'prepare', session: this.session, objectType: model.objectType, settings, records: packRecords(records, from, to, model.reads) }),
    );
    const local = model.prepare(records.slice(0, localEnd), settings);
    const packed = await Promise.all(remote);
    const localPacked = packDataset(local);
    const parts = [localPacked, ...packed];
    // Queued behind nothing else: the compare tasks that follow find the data loaded.
    const loads = this.workers.map((worker, w) => worker.run<number>({ task: 'load', session: this.session, parts: parts.map((part, p) => (p === w + 1 ? null : part)) }));
    loads.forEach((load) => load.catch(() => {}));
    this.loaded = true;
    return concatDatasets([local, ...packed.map(unpackDataset)]);
  }

  async compare(...[comparisons, left, right]: Parameters<StageRunner['compare']>): Promise<Uint8Array[]> {
    const count = left.length;
    if (!this.loaded || count < this.minPairs) return compareRange(comparisons, left, right, 0, count);
    const [[, localEnd], ...slices] = ranges(count, this.workers.length + 1) as [[number, number], ...[number, number][]];
    const remote = slices.map(([from, to], w) => {
      const l = left.slice(from, to);
      const r = right.slice(from, to);
      return this.workers[w]!.run<Uint8Array[]>({ task: 'compare', session: this.session, left: l, right: r }, [l.buffer, r.buffer]);
    });
    const local = compareRange(comparisons, left, right, 0, localEnd);
    const pieces = [local, ...(await Promise.all(remote))];
    if (pieces.some((piece) => piece.length !== comparisons.length)) throw new Error('A worker built different comparisons from the same dataset');
    return comparisons.map((_, c) => {
      const levels = new Uint8Array(count);
      let at = 0;
      for (const piece of pieces) {
        levels.set(piece[c]!, at);
        at += piece[c]!.length;
      }
      return levels;
    });
  }

  async end(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.run({ task: 'end', session: this.session })));
  }
}
