/**
 * The load generator of bench:api in a thread of its own, so the client's fetches and parsing
 * do not run on the server's event loop (in production the callers are other machines).
 * Open loop: each request goes out when due whether or not earlier ones have finished, and
 * its latency counts from when it was due, so queueing shows.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface OpenLoopJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** One body per request (POST), or none. */
  bodies: string[] | null;
  total: number;
  rps: number;
}

export interface OpenLoopOutcome {
  latencies: number[];
  errors: number;
  seconds: number;
  /** Answers whose first result had at least one match (match calls only). */
  matched: number;
}

async function run(job: OpenLoopJob): Promise<OpenLoopOutcome> {
  const outcome: OpenLoopOutcome = { latencies: [], errors: 0, seconds: 0, matched: 0 };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < job.total; i++) {
    const due = started + (i * 1000) / job.rps;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      fetch(job.url, { method: job.method, headers: job.headers, body: job.bodies?.[i] }).then(
        async (response) => {
          const text = await response.text();
          outcome.latencies.push(performance.now() - Math.min(sent, due));
          if (!response.ok) outcome.errors++;
          else if (((JSON.parse(text) as { results?: { matches: unknown[] }[] }).results?.[0]?.matches.length ?? 0) > 0) outcome.matched++;
        },
        () => {
          outcome.errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

run(workerData as OpenLoopJob).then(
  (outcome) => parentPort!.postMessage(outcome),
  (error: unknown) => {
    throw error;
  },
);
