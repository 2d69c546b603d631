import { parentPort } from 'node:worker_threads';
import { objectModel } from '../models';
import { compareRange } from '../score/comparison-vectors';
import type { EngineSettings } from '../settings';
import type { Comparison, ObjectModel, PreparedDataset } from '../types';
import { concatDatasets, packDataset, unpackDataset, unpackRecords, type PackedDataset, type PackedRecords } from './transfer';

/** What a worker thread is asked to do for one scan (a session). */
export type EngineTask =
  | { task: 'prepare'; session: number; objectType: PreparedDataset['objectType']; settings: EngineSettings; records: PackedRecords }
  /** The whole dataset, slice by slice; null marks the slice this worker prepared itself. */
  | { task: 'load'; session: number; parts: (PackedDataset | null)[] }
  | { task: 'compare'; session: number; left: Int32Array; right: Int32Array }
  | { task: 'end'; session: number }
  | { task: 'ping' };

export type EngineReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string; stack?: string };

interface Session {
  model: ObjectModel;
  settings: EngineSettings;
  own?: PreparedDataset;
  comparisons?: Comparison[];
}

const sessions = new Map<number, Session>();

function handle(message: EngineTask): { result: unknown; transfer: ArrayBuffer[] } {
  switch (message.task) {
    case 'prepare': {
      const session: Session = { model: objectModel(message.objectType), settings: message.settings };
      sessions.set(message.session, session);
      session.own = session.model.prepare(unpackRecords(message.records), session.settings);
      return { result: packDataset(session.own), transfer: [] };
    }
    case 'load': {
      const session = sessionOf(message.session);
      const data = concatDatasets(message.parts.map((part) => (part === null ? session.own! : unpackDataset(part))));
      delete session.own;
      session.comparisons = session.model.comparisons(data, session.settings);
      return { result: session.comparisons.length, transfer: [] };
    }
    case 'compare': {
      const levels = compareRange(sessionOf(message.session).comparisons!, message.left, message.right, 0, message.left.length);
      return { result: levels, transfer: levels.map((l) => l.buffer as ArrayBuffer) };
    }
    case 'end':
      sessions.delete(message.session);
      return { result: null, transfer: [] };
    case 'ping':
      return { result: 'pong', transfer: [] };
  }
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
