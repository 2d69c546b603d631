/**
 * Failures queued per Web API method: the next N calls of a method are rate limited, fail
 * with a server error, hang after doing their work (a worker killed mid-post), or lose their
 * connection after doing it.
 */
import { z } from 'zod';

export const faultSchema = z.object({
  /** A Web API method such as chat.postMessage, or * for every method. */
  method: z.string().min(1),
  /**
   * ratelimited: HTTP 429, Retry-After, nothing done. error: HTTP `status`, nothing done.
   * hang: the call is done (a message IS posted) but the answer is held until released or
   * the client gives up. disconnect: the call is done, then the connection is cut.
   */
  kind: z.enum(['ratelimited', 'error', 'hang', 'disconnect']),
  times: z.number().int().min(1).default(1),
  retryAfterSeconds: z.number().int().min(0).default(1),
  status: z.number().int().min(500).max(599).default(500),
});
export type FaultOptions = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema>;

export class FaultQueue {
  private faults: Fault[] = [];
  private held = new Set<() => void>();

  add(options: FaultOptions): Fault {
    const fault = faultSchema.parse(options);
    this.faults.push(fault);
    return fault;
  }

  /** The fault this call meets, if any; each counts down once per call. */
  take(method: string): Fault | undefined {
    const fault = this.faults.find((f) => f.method === method || f.method === '*');
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }

  pending(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }

  /** Resolves when `release()` is called or `abandon` fires (the client went away). */
  hold(abandon: (stop: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.held.delete(done);
        resolve();
      };
      this.held.add(done);
      abandon(done);
    });
  }

  get heldCount(): number {
    return this.held.size;
  }

  /** Lets every held answer go; returns how many there were. */
  release(): number {
    const waiting = [...this.held];
    for (const done of waiting) done();
    return waiting.length;
  }
}
