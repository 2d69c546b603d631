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
    // A young generation larger than V8's default: preparing and comparing make many
    // short-lived strings, and each collection of a small one copies what survives.
    const resourceLimits = { maxYoungGenerationSizeMb: 96 };
    this.worker = WORKER_URL.pathname.endsWith('.ts')
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`, { eval: true, resourceLimits })
      : new Worker(WORKER_URL, { resourceLimits });
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
    // Only now: listening for messages refs the worker's port again.
    this.worker.unref();
    // First in its queue, and holding no process open: a run that ends meanwhile need not wait.
    this.run({ task: 'warm' }, [], false).catch(() => {});
  }

  run<T>(message: EngineTask, transfer: ArrayBuffer[] = [], keepAlive = true): Promise<T> {
    // A stopped thread answers nothing: waiting for it would hang the scan.
    if (this.dead) return Promise.reject(new Error('Engine worker stopped'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Keep the process alive while a task is out, not while the worker idles.
      if (keepAlive) this.worker.ref();
      try {
        this.worker.postMessage({ id, message }, transfer);
      } catch (error) {
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker.unref();
        reject(error as Error);
      }
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
  /** Scans holding each worker (see take and give). */
  private readonly holders = new Map<EngineWorker, number>();
  /** Workers to replace once no scan holds them. */
  private readonly worn = new Set<EngineWorker>();

  /** `count` live workers, starting or replacing as needed. */
  ready(count: number): EngineWorker[] {
    for (let k = 0; k < count; k++) if (!this.workers[k] || this.workers[k]!.dead) this.workers[k] = new EngineWorker();
    return this.workers.slice(0, count);
  }

  /** `count` live workers for a scan, held until it gives them back. */
  take(count: number): EngineWorker[] {
    const taken = this.ready(count);
    for (const worker of taken) this.holders.set(worker, (this.holders.get(worker) ?? 0) + 1);
    return taken;
  }

  /**
   * A scan is done with its workers. `replace`: it left them holding a lot of memory (a
   * scan of several hundred thousand records), which a thread returns to the system only
   * when it ends; so each is replaced by a fresh one as soon as no other scan holds it.
   * The new one starts on a core the calling thread, busy grouping, leaves idle.
   */
  give(workers: readonly EngineWorker[], replace: boolean): void {
    for (const worker of workers) {
      const held = (this.holders.get(worker) ?? 1) - 1;
      if (held > 0) this.holders.set(worker, held);
      else this.holders.delete(worker);
      if (replace) this.worn.add(worker);
      if (held > 0 || !this.worn.has(worker)) continue;
      this.worn.delete(worker);
      const k = this.workers.indexOf(worker);
      if (k !== -1) this.workers[k] = new EngineWorker();
      // At once: the calling thread goes on grouping without returning to its event loop,
      // and nothing is left for this worker to do.
      void worker.terminate();
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}

export type { EngineWorker };

export const sharedEnginePool = new EnginePool();
