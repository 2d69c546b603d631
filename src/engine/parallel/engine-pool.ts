import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EngineReply, EngineTask } from './engine-worker';

const WORKER_URL = new URL(`./engine-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** Threads a scan uses unless told otherwise: every core. */
export function defaultThreads(): number {
  return availableParallelism();
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** One worker thread running engine tasks in the order they arrive. */
class EngineWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor() {
    // Run from TypeScript sources (tsx), a worker must register the loader before it can
    // import a .ts file: Node 20 does not hand --import hooks to a worker's entry module.
    this.worker = WORKER_URL.pathname.endsWith('.ts')
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`, { eval: true })
      : new Worker(WORKER_URL);
    this.worker.unref();
    this.worker.on('message', (reply: EngineReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`Engine worker stopped (exit code ${code})`)));
  }

  run<T>(message: EngineTask, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    // Keep the process alive while a task is out, not while the worker idles.
    this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, message }, transfer);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Worker threads shared by every scan in the process, started on first use and kept:
 * starting one costs a few hundred milliseconds.
 */
export class EnginePool {
  private readonly workers: EngineWorker[] = [];

  /** `count` live workers, starting or replacing as needed. */
  take(count: number): EngineWorker[] {
    for (let k = 0; k < count; k++) if (!this.workers[k] || this.workers[k]!.dead) this.workers[k] = new EngineWorker();
    return this.workers.slice(0, count);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}

export type { EngineWorker };

export const sharedEnginePool = new EnginePool();
