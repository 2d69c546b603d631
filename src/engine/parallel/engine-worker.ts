import { parentPort } from 'node:worker_threads';
import { objectModel } from '../models';
import { compareClaimed, compareRange } from '../score/comparison-vectors';
import type { EngineSettings } from '../settings';
import { Dictionary, PrepareContext, type TextColumn } from '../text-column';
import type { Comparison, ObjectModel, PreparedDataset } from '../types';
import { warmUp } from './warm-up';
import { concatDatasets, joinedValues, packDataset, prepareSlice, unpackDataset, unpackRecords, unpackValues, type PackedDataset, type PackedRecords, type PackedValues } from './transfer';

/** What a worker thread is asked to do for one scan (a session). */
export type EngineTask =
  /**
   * The worker's records, chunk by chunk: each is prepared as it arrives, while the
   * calling thread packs the next; the last one returns the whole slice prepared.
   */
  | { task: 'prepare'; session: number; objectType: PreparedDataset['objectType']; settings: EngineSettings; records: PackedRecords; last: boolean }
  /** No more chunks (records read as a stream, whose end is not known ahead): the slice prepared so far, whole. */
  | { task: 'finish'; session: number; objectType: PreparedDataset['objectType']; settings: EngineSettings }
  /**
   * The whole dataset, slice by slice; null marks the slice this worker prepared itself.
   * Records read in batches send it as one part, its arrays in shared memory, and its values
   * left out when `joined`: the worker joined them already (see 'join').
   */
  | { task: 'load'; session: number; parts: (PackedDataset | null)[]; joined?: true }
  /**
   * Records read in batches: the values of every slice the calling thread joins, in its
   * order, null for the slice this worker prepared (see joinedValues). The worker joins them
   * while that thread joins the rest, and a 'load' with the joined arrays follows.
   */
  | { task: 'join'; session: number; parts: (PackedValues | null)[] }
  /** Levels of pairs from..to-1, returned. */
  | { task: 'compare'; session: number; left: Int32Array; right: Int32Array; from: number; to: number }
  /**
   * Levels of pairs 0..count-1 in shared memory, written in place to `out`: the pairs are
   * shared with other threads, each claiming `claim` at a time from `cursor` (see compareClaimed).
   */
  | { task: 'compareShared'; session: number; left: Int32Array; right: Int32Array; count: number; out: Uint8Array[]; cursor: Int32Array; claim: number }
  | { task: 'end'; session: number }
  /** Runs the engine over made-up records, so the first real scan finds its code compiled (see warm-up.ts). */
  | { task: 'warm' }
  | { task: 'ping' };

export type EngineReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string; stack?: string };

interface Session {
  model: ObjectModel;
  settings: EngineSettings;
  context?: PrepareContext;
  chunks?: PreparedDataset[];
  own?: PreparedDataset;
  /** Each column's values, joined ahead of the arrays (see 'join'). */
  joined?: Record<string, Pick<TextColumn, 'values' | 'unique'>>;
  comparisons?: Comparison[];
}

const sessions = new Map<number, Session>();

function handle(message: EngineTask): { result: unknown; transfer: ArrayBuffer[] } {
  switch (message.task) {
    case 'prepare': {
      const session = preparing(message);
      // Each chunk prepared as it comes: its records die young, and the chunks share dictionaries.
      session.chunks!.push(prepareSlice(session.model, unpackRecords(message.records), session.settings, session.context));
      return { result: message.last ? finish(session) : null, transfer: [] };
    }
    case 'finish':
      return { result: finish(preparing(message)), transfer: [] };
    case 'join': {
      const session = sessionOf(message.session);
      session.joined = joinedValues(message.parts.map((part) => (part === null ? session.own! : { columns: unpackValues(part) })));
      // Complete: the tables that joined them go, as the calling thread's do once it has joined.
      Dictionary.seal(Object.values(session.joined));
      delete session.own;
      return { result: null, transfer: [] };
    }
    case 'load': {
      const session = sessionOf(message.session);
      if (message.joined) {
        const joined = session.joined!;
        session.comparisons = session.model.comparisons(unpackDataset(message.parts[0]!, [], (name) => joined[name]!.values), session.settings);
        delete session.joined;
        return { result: session.comparisons.length, transfer: [] };
      }
      const { blockingKeys: _keys, ...own } = session.own!;
      // This worker's own slice has its dictionaries extended: codes need not match the
      // calling thread's, as only pairs and their levels cross threads from here on.
      const data = concatDatasets(
        message.parts.map((part) => (part === null ? own : unpackDataset(part))),
        message.parts.includes(null) ? message.parts.indexOf(null) : undefined,
      );
      delete session.own;
      session.comparisons = session.model.comparisons(data, session.settings);
      return { result: session.comparisons.length, transfer: [] };
    }
    case 'compareShared': {
      const comparisons = sessionOf(message.session).comparisons!;
      compareClaimed(comparisons, message.left, message.right, message.count, message.out, message.cursor, message.claim);
      return { result: comparisons.length, transfer: [] };
    }
    case 'compare': {
      const comparisons = sessionOf(message.session).comparisons!;
      const levels = compareRange(comparisons, message.left, message.right, message.from, message.to);
      return { result: levels, transfer: [levels[0]?.buffer as ArrayBuffer].filter(Boolean) };
    }
    case 'end':
      sessions.delete(message.session);
      return { result: null, transfer: [] };
    case 'warm':
      warmUp();
      return { result: 'warm', transfer: [] };
    case 'ping':
      return { result: 'pong', transfer: [] };
  }
}

/** The session a chunk belongs to, begun by its first chunk (or by a finish that found no chunk). */
function preparing(message: { session: number; objectType: PreparedDataset['objectType']; settings: EngineSettings }): Session {
  let session = sessions.get(message.session);
  if (!session) sessions.set(message.session, (session = { model: objectModel(message.objectType), settings: message.settings, context: new PrepareContext(), chunks: [] }));
  return session;
}

/**
 * The chunks prepared, joined: this worker's own slice, kept for loading and sent back
 * without ids. Joined in shared memory, so that the calling thread reads its arrays where
 * they are rather than each thread holding a copy (500 MB at five million records).
 */
function finish(session: Session): PackedDataset {
  const chunks = session.chunks!.length > 0 ? session.chunks! : [prepareSlice(session.model, [], session.settings, session.context)];
  session.own = concatDatasets(chunks, 0, undefined, true);
  delete session.chunks;
  delete session.context;
  return packDataset(session.own, false);
}

function sessionOf(id: number): Session {
  const session = sessions.get(id);
  if (!session) throw new Error(`No engine session ${id} in this worker`);
  return session;
}

parentPort?.on('message', ({ id, message }: { id: number; message: EngineTask }) => {
  try {
    const { result, transfer } = handle(message);
    parentPort!.postMessage({ id, ok: true, result } satisfies EngineReply, transfer);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, ok: false, message: failure.message, stack: failure.stack } satisfies EngineReply);
  }
});
