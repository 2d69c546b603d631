/**
 * Synthetic records generated on a thread of their own and handed over as columns, a page at
 * a time: the generator's objects (over a kilobyte a record, at five million most of the heap)
 * die with its thread, so the bench holds only what a scan reading the mirror holds.
 */
import { Worker } from 'node:worker_threads';
import { RecordColumns, type PackedRecords } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';

const WORKER_URL = new URL('./generate-worker.ts', import.meta.url);

export interface GeneratedColumns {
  columns: RecordColumns;
  /** Record i's id, then its entity: duplicates share it. Read once the run is measured. */
  ids: () => string[];
  truth: () => string[];
}

/** Messages from the generating thread: pages in order, then the ids and entities joined. */
export type GeneratedMessage = { page: PackedRecords } | { ids: string; truth: string };

export const SEPARATOR = '\u0000';

export function generateAsColumns(objectType: ObjectType, size: number, seed: number): Promise<GeneratedColumns> {
  const columns = new RecordColumns();
  // As engine-pool does: Node 20 does not hand --import hooks to a worker's entry module.
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`, {
    eval: true,
    workerData: { objectType, size, seed },
  });
  let labels: { ids: string; truth: string } | null = null;
  return new Promise((resolve, reject) => {
    worker.on('message', (message: GeneratedMessage) => {
      if ('page' in message) columns.addPacked(message.page);
      else labels = message;
    });
    worker.on('error', reject);
    // Only once the thread is gone: until then its heap is still the process's.
    worker.on('exit', (code) => {
      if (!labels) return reject(new Error(`The generating thread stopped (exit code ${code})`));
      const { ids, truth } = labels;
      resolve({ columns, ids: () => ids.split(SEPARATOR), truth: () => truth.split(SEPARATOR) });
    });
  });
}
