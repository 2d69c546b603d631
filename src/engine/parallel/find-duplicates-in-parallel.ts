import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ObjectType } from '../../shared/object-types';
import type { FoundPairs } from '../block/block-pairs';
import { duplicatePipeline, inThisThread, type DuplicateDetectionResult, type FindDuplicatesOptions, type PairsAsFound, type StageRunner } from '../find-duplicates';
import { CLAIMED_PAIRS, compareClaimed, compareInto, compareRange, levelArrays } from '../score/comparison-vectors';
import { recordId } from '../models/prepare-helpers';
import { PrepareContext } from '../text-column';
import type { Comparison, EngineRecord, PreparedDataset, RecordBatches } from '../types';
import { defaultThreads, sharedEnginePool, type EngineWorker } from './engine-pool';
import { concatDatasets, joinedValues, packDataset, packRecords, packValues, prepareSlice, unpackDataset, type PackedDataset, type PackedRecords, type PackedValues, type Piece } from './transfer';

export interface ParallelOptions extends FindDuplicatesOptions {
  /** Threads to use, this one included; every core by default. The result is the same for any number. */
  threads?: number;
  /** Below this many records everything runs on this thread: feeding workers would cost more than it saves. */
  minParallelRecords?: number;
  /** Records a thread prepares at a time (25,000; 2,500 of records read in batches): smaller only to test chunking on small data. */
  prepareChunk?: number;
  /** Pairs a thread claims at a time when comparing (8,192): smaller only to test sharing on small data. */
  compareChunk?: number;
}

const MIN_PARALLEL_RECORDS = 20_000;

let nextSession = 1;

/**
 * Starts the worker threads ahead of the first scan, which would otherwise wait for them
 * (a few hundred milliseconds, more when they compile TypeScript on the way).
 */
export async function startEngineThreads(threads: number = defaultThreads()): Promise<void> {
  await Promise.all(sharedEnginePool.ready(Math.max(0, threads - 1)).map((worker) => worker.run({ task: 'ping' })));
}

/**
 * findDuplicates with preparing and comparing shared between this thread and worker
 * threads; every other stage runs here. The result equals findDuplicates' exactly.
 * Records may come in batches (see RecordBatches): each is prepared, here or on a worker,
 * while the next is read, and only the groups' members are read again at the end.
 */
export async function findDuplicatesInParallel(records: readonly EngineRecord[] | RecordBatches, objectType: ObjectType, options: ParallelOptions = {}): Promise<DuplicateDetectionResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultThreads()));
  const minRecords = options.minParallelRecords ?? MIN_PARALLEL_RECORDS;
  const batches = !Array.isArray(records);
  const parallel = threads > 1 && (batches ? ((records as RecordBatches).total ?? minRecords) : (records as readonly EngineRecord[]).length) >= minRecords;
  // Pairs per record run from 2 to 6: a batch of pairs this size is worth shipping out.
  const chunk = options.prepareChunk ?? (batches ? BATCH_CHUNK : PREPARE_CHUNK);
  // Batches are prepared by a runner however few they are, with no worker when too few.
  const runner = parallel || batches ? new ParallelStages(sharedEnginePool.take(parallel ? threads - 1 : 0), minRecords * 2.5, chunk, Math.max(1, Math.floor(options.compareChunk ?? CLAIMED_PAIRS))) : null;
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

/**
 * From this many records on, a scan's workers are replaced after it (see EnginePool.give):
 * a fresh thread starts and warms up while this one groups.
 */
const REPLACE_AFTER_RECORDS = 200_000;
/** Records a worker is sent at a time while preparing. */
const PREPARE_CHUNK = 25_000;
/**
 * Records prepared at a time when they come in batches: a chunk goes to a worker with
 * room in its queue, else this thread prepares it. Small, so that no worker waits long, and
 * so that a chunk's records die young: 10,000 records as objects outgrew V8's young
 * generation while they waited, and moving them to the old one cost this thread a fifth of
 * its time in garbage collection (a million contacts read 2.5 s faster at 2,500).
 */
const BATCH_CHUNK = 2_500;
/** Chunks a worker may have waiting: enough to keep it busy while this thread prepares one of its own. */
const QUEUED_CHUNKS = 3;
/**
 * This thread's share of the records to prepare, against a worker's 1. Even, as a rule;
 * a scan big enough to have its workers replaced after it leaves more to them, as what a
 * worker holds goes back to the system with it, and what this thread holds stays.
 */
const localShare = (records: number) => (records >= REPLACE_AFTER_RECORDS ? 0.85 : 1);

/** Ranges of [0, count), one per thread: this thread takes the first, `localShare` as large as each of the others. */
function slicesOf(count: number, parts: number, localShare: number): [number, number][] {
  const total = localShare + parts - 1;
  const bounds = Array.from({ length: parts + 1 }, (_, k) => (k === 0 ? 0 : Math.floor((count * (localShare + k - 1)) / total)));
  bounds[parts] = count;
  return Array.from({ length: parts }, (_, k) => [bounds[k]!, bounds[k + 1]!]);
}

/** The ids of records from..to-1, as preparing names them. */
function idsOf(records: readonly EngineRecord[], [from, to]: [number, number]): string[] {
  const ids = new Array<string>(to - from);
  for (let i = from; i < to; i++) ids[i - from] = recordId(records[i]!, i);
  return ids;
}

/** Even ranges of [0, count), one per thread: this thread takes the first. */
function ranges(count: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, k) => [Math.floor((count * k) / parts), Math.floor((count * (k + 1)) / parts)]);
}

class ParallelStages implements StageRunner {
  private readonly session = nextSession++;
  /** The workers' loading of the whole dataset, once sent: comparing waits on it, and fails with its error. */
  private loads: Promise<number>[] | null = null;
  private released = false;
  private records = 0;

  constructor(
    private readonly workers: EngineWorker[],
    private readonly minPairs: number,
    private readonly chunkSize: number,
    private readonly claim: number,
  ) {}

  /**
   * Records in slices: the first here, one per worker; then every worker gets the whole
   * dataset. A worker's slice goes in chunks, so it unpacks one while this thread packs
   * the next; this thread takes a smaller slice, as packing and joining are its alone.
   */
  async prepare(...[model, records, settings, kept]: Parameters<StageRunner['prepare']>): Promise<PreparedDataset> {
    this.records = records.length;
    const [[, localEnd], ...slices] = slicesOf(records.length, this.workers.length + 1, localShare(records.length)) as [[number, number], ...[number, number][]];
    // The same number of chunks for every thread, handed out in turn: each worker always
    // has its next chunk waiting while this thread prepares one of its own.
    const rounds = Math.max(1, ...slices.map(([from, to]) => Math.ceil((to - from) / this.chunkSize)));
    const chunk = ([from, to]: [number, number], k: number) => [from + Math.floor(((to - from) * k) / rounds), from + Math.floor(((to - from) * (k + 1)) / rounds)] as const;
    // Every chunk's reply, per worker: a chunk that failed fails the scan, however early.
    const replies: Promise<PackedDataset | null>[][] = slices.map(() => []);
    const send = (k: number) =>
      slices.forEach((slice, w) => {
        const [start, end] = chunk(slice, k);
        const task = { task: 'prepare', session: this.session, objectType: model.objectType, settings, records: packRecords(records, start, end, model.reads), last: k === rounds - 1 } as const;
        const reply = this.workers[w]!.run<PackedDataset | null>(task);
        // Handled below, once this thread's own chunks are done.
        reply.catch(() => {});
        replies[w]!.push(reply);
      });
    // A kept scan's dictionaries are this thread's: the workers' values join them.
    const context = kept ?? new PrepareContext();
    const localParts: PreparedDataset[] = [];
    send(0);
    for (let k = 0; k < rounds; k++) {
      if (k + 1 < rounds) send(k + 1);
      const [start, end] = chunk([0, localEnd], k);
      localParts.push(prepareSlice(model, records.slice(start, end), settings, context));
    }
    const local = concatDatasets(localParts, 0);
    // Each chunk named records without an id by their place in the chunk: the dataset's it must be.
    local.ids = idsOf(records, [0, localEnd]);
    const packed = await Promise.all(replies.map(async (chunks) => (await Promise.all(chunks)).at(-1) as PackedDataset));
    // Workers compare pairs: they need the values, not the blocking keys.
    const { blockingKeys: _keys, ...localValues } = local;
    const parts: PackedDataset[] = [packDataset(localValues, false), ...packed.map(({ blockingKeys: _theirs, ...values }) => values)];
    // Queued behind nothing else: the compare tasks that follow find the data loaded.
    this.loads = this.workers.map((worker, w) => worker.run<number>({ task: 'load', session: this.session, parts: parts.map((part, p) => (p === w + 1 ? null : part)) }));
    this.loads.forEach((load) => load.catch(() => {}));
    // The workers' slices come without ids: the records have them.
    return concatDatasets([local, ...packed.map((part, w) => unpackDataset(part, idsOf(records, slices[w]!)))], 0);
  }

  /**
   * Records in batches (see RecordBatches), re-cut into chunks: each goes to the worker
   * with the fewest waiting, if one has room, else this thread prepares it; reading the
   * next batch runs here meanwhile. Every thread keeps its chunks in order; the pieces
   * say where each chunk's rows go, so the dataset is in the records' order whatever
   * thread prepared what.
   */
  async prepareBatches(...[model, source, settings]: Parameters<NonNullable<StageRunner['prepareBatches']>>): Promise<PreparedDataset> {
    const context = new PrepareContext();
    const ids: string[] = [];
    const localParts: PreparedDataset[] = [];
    const pieces: Piece[] = [];
    // Rows each worker has taken and chunks each has waiting. A piece names a chunk prepared
    // here by its place among them, a worker's rows by -1 - the worker's place.
    const rows = new Array<number>(this.workers.length).fill(0);
    const queued = this.workers.map(() => 0);
    const replies: Promise<unknown>[] = [];
    /** The worker with the fewest chunks waiting, if one has room; else -1. */
    const roomiest = (): number => {
      let w = -1;
      for (let k = 0; k < this.workers.length; k++) if (queued[k]! < QUEUED_CHUNKS && (w === -1 || queued[k]! < queued[w]!)) w = k;
      return w;
    };
    const send = (w: number, records: PackedRecords): void => {
      queued[w]!++;
      const task = { task: 'prepare', session: this.session, objectType: model.objectType, settings, records, last: false } as const;
      const reply = this.workers[w]!.run<null>(task).finally(() => queued[w]!--);
      // Handled once every chunk is sent: a chunk that failed fails the scan.
      reply.catch(() => {});
      replies.push(reply);
      pieces.push({ part: -1 - w, from: rows[w]!, to: rows[w]! + records.count });
      rows[w]! += records.count;
    };
    const prepareHere = (chunk: readonly EngineRecord[]): void => {
      localParts.push(prepareSlice(model, chunk, settings, context));
      pieces.push({ part: localParts.length - 1, from: 0, to: chunk.length });
    };
    /** Sends the chunk to a worker, or prepares it here and says so. */
    const take = (chunk: readonly EngineRecord[]): boolean => {
      for (let i = 0; i < chunk.length; i++) ids.push(recordId(chunk[i]!, ids.length));
      const w = roomiest();
      if (w >= 0) send(w, packRecords(chunk, 0, chunk.length, model.reads));
      else prepareHere(chunk);
      return w < 0;
    };
    if (source.pages && this.workers.length > 0) {
      // A worker's pages go packed, without becoming records here.
      for await (const page of source.pages()) {
        if (page.count === 0) continue;
        for (const id of page.ids()) ids.push(id);
        const w = roomiest();
        if (w >= 0) {
          send(w, page.packed(model.reads));
          continue;
        }
        const records = page.records();
        for (let from = 0; from < records.length; from += this.chunkSize) {
          prepareHere(records.slice(from, from + this.chunkSize));
          await nextTurn();
        }
      }
    } else {
      let pending: EngineRecord[] = [];
      for await (const batch of source.batches) {
        for (const record of batch) {
          pending.push(record);
          if (pending.length === this.chunkSize) {
            // After a chunk prepared here, the workers' replies are let in: one large batch
            // would otherwise never free a place in their queues.
            if (take(pending) && this.workers.length > 0) await nextTurn();
            pending = [];
          }
        }
      }
      if (pending.length > 0) take(pending);
    }
    this.records = ids.length;
    await Promise.all(replies);
    const finishing = this.workers.map((worker) => worker.run<PackedDataset>({ task: 'finish', session: this.session, objectType: model.objectType, settings }));
    finishing.forEach((reply) => reply.catch(() => {}));
    // The chunks prepared here share their dictionaries: the first's are extended, the rest's codes stand.
    if (localParts.length === 0) localParts.push(prepareSlice(model, [], settings, context));
    // While the workers join their slices, this thread packs the values of its own, as the
    // whole's would otherwise be packed for them once joined here (strings the workers have).
    const localValues = this.workers.length > 0 ? packValues(joinedValues(localParts, 0)) : null;
    const packed = await Promise.all(finishing);
    const joins = this.join(localValues, packed);
    const parts = [...localParts, ...packed.map((part) => unpackDataset(part))];
    const inOrder = pieces.map((piece) => (piece.part < 0 ? { ...piece, part: localParts.length - 1 - piece.part } : piece));
    const data = concatDatasets(parts, 0, inOrder, this.workers.length > 0);
    data.ids = ids;
    if (this.workers.length > 0) this.load(joins, data);
    return data;
  }

  /**
   * Each worker joins the values as this thread does, from the other slices' values and its
   * own. A method of its own, as are the loads: closures made in prepareBatches would keep
   * its scope (the slices, packed and prepared) alive until the workers answer.
   */
  private join(localValues: PackedValues | null, packed: readonly PackedDataset[]): Promise<null>[] {
    const joins = this.workers.map((worker, w) =>
      worker.run<null>({ task: 'join', session: this.session, parts: [localValues!, ...packed.map((part, p): PackedValues | null => (p === w ? null : { dictionaries: part.dictionaries, columns: part.columns }))] }),
    );
    joins.forEach((join) => join.catch(() => {}));
    return joins;
  }

  /** The joined arrays to every worker, in shared memory, without the values it joined itself. */
  private load(joins: readonly Promise<null>[], data: PreparedDataset): void {
    const { blockingKeys: _keys, ...arrays } = data;
    const whole = packDataset(arrays, false, false);
    // Queued behind the join: a join that failed fails the load with its own error.
    this.loads = this.workers.map((worker, w) => Promise.all([joins[w]!, worker.run<number>({ task: 'load', session: this.session, parts: [whole], joined: true })]).then(([, comparisons]) => comparisons));
    this.loads.forEach((load) => load.catch(() => {}));
  }

  /**
   * Pairs in shared memory (blocking's) are read in place by every thread, each claiming
   * a few thousand at a time, and their levels written in place; others (the random pairs
   * for u) are copied, in ranges, the first here.
   */
  async compare(...[comparisons, left, right]: Parameters<StageRunner['compare']>): Promise<Uint8Array[]> {
    const count = left.length;
    if (!this.loads || count < this.minPairs) return compareRange(comparisons, left, right, 0, count);
    if (left.buffer instanceof SharedArrayBuffer && right.buffer instanceof SharedArrayBuffer) {
      const found = new ComparedAsFound(this.workers, this.session, this.loads, comparisons, this.claim);
      found.add({ left, right, count });
      return found.levels();
    }
    await Promise.all(this.loads);
    const [[, localEnd], ...slices] = ranges(count, this.workers.length + 1) as [[number, number], ...[number, number][]];
    const levels = levelArrays(comparisons.length, count, true);
    const remote = slices.map(([from, to], w) => {
      const l = left.slice(from, to);
      const r = right.slice(from, to);
      return this.workers[w]!.run<Uint8Array[]>({ task: 'compare', session: this.session, left: l, right: r, from: 0, to: to - from }, [l.buffer, r.buffer]).then((piece) => {
        if (piece.length !== comparisons.length) return piece.length;
        piece.forEach((part, c) => levels[c]!.set(part, from));
        return piece.length;
      });
    });
    compareInto(comparisons, left, right, 0, localEnd, levels, 0);
    const built = await Promise.all(remote);
    if (built.some((n) => n !== comparisons.length)) throw new Error('A worker built different comparisons from the same dataset');
    return levels;
  }

  /** Blocking's pairs rule by rule, started on by the workers while this thread blocks. */
  compareAsFound(comparisons: readonly Comparison[]): PairsAsFound | null {
    return this.loads ? new ComparedAsFound(this.workers, this.session, this.loads, comparisons, this.claim) : null;
  }

  /** Pairs in ranges, one per worker and none here: this thread is blocking meanwhile. */
  compareMeanwhile(...[comparisons, left, right]: Parameters<StageRunner['compare']>): Promise<Uint8Array[]> | null {
    const count = left.length;
    if (!this.loads || count < this.minPairs) return null;
    const loads = this.loads;
    const levels = levelArrays(comparisons.length, count, true);
    const remote = ranges(count, this.workers.length).map(([from, to], w) => {
      const l = left.slice(from, to);
      const r = right.slice(from, to);
      return this.workers[w]!.run<Uint8Array[]>({ task: 'compare', session: this.session, left: l, right: r, from: 0, to: to - from }, [l.buffer, r.buffer]).then((piece) => {
        if (piece.length !== comparisons.length) throw new Error('A worker built different comparisons from the same dataset');
        piece.forEach((part, c) => levels[c]!.set(part, from));
      });
    });
    remote.forEach((piece) => piece.catch(() => {}));
    // A worker that could not load the dataset says why, rather than failing to compare.
    const compared = Promise.all(loads).then(() => Promise.all(remote)).then(() => levels);
    // Awaited later, in training: a failure meanwhile must not count as unhandled.
    compared.catch(() => {});
    return compared;
  }

  /** Comparing is over: the workers drop this scan's data and go back to the pool. */
  release(): void {
    if (this.released) return;
    this.released = true;
    for (const worker of this.workers) worker.run({ task: 'end', session: this.session }).catch(() => {});
    sharedEnginePool.give(this.workers, this.records >= REPLACE_AFTER_RECORDS);
  }

  async end(): Promise<void> {
    if (this.released) return;
    await Promise.allSettled(this.workers.map((worker) => worker.run({ task: 'end', session: this.session })));
    this.release();
  }
}

/**
 * Pairs compared by every thread as they come (see StageRunner.compareAsFound): each batch
 * goes to every worker at once, and each thread claims a few thousand of its pairs at a time
 * (compareClaimed), so whoever is free works and no thread waits on a slower one. Levels are
 * written in place, in shared memory.
 */
class ComparedAsFound implements PairsAsFound {
  private readonly parts: { pairs: FoundPairs; levels: Uint8Array[]; cursor: Int32Array; replies: Promise<number>[] }[] = [];
  /** Set as soon as a worker fails to load the dataset: this thread then stops short of comparing everything alone. */
  private failedLoad: unknown = null;

  constructor(
    private readonly workers: readonly EngineWorker[],
    private readonly session: number,
    private readonly loads: readonly Promise<number>[],
    private readonly comparisons: readonly Comparison[],
    private readonly claim: number,
  ) {
    for (const load of loads) load.catch((error: unknown) => (this.failedLoad ??= error));
  }

  add(pairs: FoundPairs): void {
    const { left, right, count } = pairs;
    const levels = levelArrays(this.comparisons.length, count, true);
    const cursor = new Int32Array(new SharedArrayBuffer(4));
    const { session, claim } = this;
    // Pairs fewer than one claim are not worth a message: this thread compares them at the end.
    const replies = count < claim ? [] : this.workers.map((worker) => worker.run<number>({ task: 'compareShared', session, left, right, count, out: levels, cursor, claim }));
    // Awaited in `levels`: a failure before then must not count as unhandled.
    replies.forEach((reply) => reply.catch(() => {}));
    this.parts.push({ pairs, levels, cursor, replies });
  }

  async levels(): Promise<Uint8Array[]> {
    // A worker that could not load the dataset says why, rather than failing to compare.
    if (this.failedLoad === null) for (const { pairs, levels, cursor } of this.parts) compareClaimed(this.comparisons, pairs.left, pairs.right, pairs.count, levels, cursor, this.claim);
    await Promise.all(this.loads);
    const built = await Promise.all(this.parts.flatMap((part) => part.replies));
    if (built.some((n) => n !== this.comparisons.length)) throw new Error('A worker built different comparisons from the same dataset');
    if (this.parts.length === 1) return this.parts[0]!.levels;
    const count = this.parts.reduce((sum, part) => sum + part.pairs.count, 0);
    // In shared memory, as a large array's is (see large-arrays): 280 MB at five million contacts.
    const levels = levelArrays(this.comparisons.length, count, true);
    let at = 0;
    for (const part of this.parts.splice(0)) {
      levels.forEach((level, c) => level.set(part.levels[c]!, at));
      at += part.pairs.count;
    }
    return levels;
  }
}
