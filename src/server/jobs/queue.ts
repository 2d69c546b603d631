import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobDefinition } from './define-job';

export interface JobQueueOptions {
  config: Config;
  database: Database;
  jobs: readonly JobDefinition[];
  log: FastifyBaseLogger;
  /** Serve the queues in this process. */
  work: boolean;
  /** Seconds between cron checks; pg-boss's defaults suit production, tests want 1. */
  cronIntervalSeconds?: number;
  /**
   * Seconds between checks for expired jobs and missed heartbeats (pg-boss default 60): a dead
   * worker's job is failed and retried this long at most after its heartbeat went stale.
   */
  superviseIntervalSeconds?: number;
}

/** pg-boss on the product's own database, with the job registry's queues, schedules and workers. */
export class JobQueue {
  readonly boss: PgBoss;
  readonly working: boolean;
  private readonly jobs: ReadonlyMap<string, JobDefinition>;
  /** This process's worker per job it works: a job sent here is fetched at once, not at the next poll. */
  private readonly workerIds = new Map<string, string>();

  private constructor(boss: PgBoss, private readonly options: JobQueueOptions) {
    this.boss = boss;
    this.working = options.work;
    this.jobs = new Map(options.jobs.map((job) => [job.name, job]));
  }

  static async start(options: JobQueueOptions): Promise<JobQueue> {
    const { database, log } = options;
    const timing = {
      ...(options.cronIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronIntervalSeconds, cronWorkerIntervalSeconds: options.cronIntervalSeconds } : {}),
      // Missed heartbeats are looked for in the monitor pass, which runs no more often than its own
      // interval however often supervision wakes: both follow the setting.
      ...(options.superviseIntervalSeconds ? { superviseIntervalSeconds: options.superviseIntervalSeconds, monitorIntervalSeconds: options.superviseIntervalSeconds } : {}),
    };
    const boss =
      database.driver === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...timing })
        : new PgBoss({ connectionString: database.connectionString, max: 4, ...timing });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    const queue = new JobQueue(boss, options);
    await queue.setUp();
    return queue;
  }

  private async setUp(): Promise<void> {
    const { config, database, log, work } = this.options;
    for (const job of this.jobs.values()) {
      const queueOptions = {
        retryLimit: job.retryLimit ?? 2,
        retryBackoff: true,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
      };
      // createQueue leaves an existing queue as it was: options changed in code are applied with updateQueue.
      if (await this.boss.getQueue(job.name)) await this.boss.updateQueue(job.name, queueOptions);
      else await this.boss.createQueue(job.name, queueOptions);
      if (job.schedule) await this.boss.schedule(job.name, job.schedule(config), {});
      else await this.boss.unschedule(job.name);
      if (!work) continue;
      const polling = job.pollingIntervalSeconds ? { pollingIntervalSeconds: job.pollingIntervalSeconds } : {};
      const workerId = await this.boss.work(job.name, { batchSize: 1, localConcurrency: config.WORKER_CONCURRENCY, ...polling }, async ([raw]) => {
        if (!raw) return;
        const jobLog = log.child({ job: job.name, jobId: raw.id });
        const payload = job.payload.parse(raw.data ?? {});
        const started = performance.now();
        await job.handler(payload, { db: database.db, config, log: jobLog, queue: this, signal: raw.signal, jobId: raw.id });
        jobLog.debug({ ms: Math.round(performance.now() - started) }, 'job done');
      });
      this.workerIds.set(job.name, workerId);
    }
  }

  /** Queues a job after checking its payload against the job's schema. A higher `priority` is fetched first. */
  async send<P extends z.ZodType>(job: JobDefinition<P>, payload: z.input<P>, options: { priority?: number } = {}): Promise<string | null> {
    if (!this.jobs.has(job.name)) throw new Error(`Job ${job.name} is not in the registry`);
    const id = await this.boss.send(job.name, job.payload.parse(payload) as object, options.priority ? { priority: options.priority } : {});
    // Someone may be watching (a scan's progress bar): a worker here fetches it now, not up to a polling interval later.
    const worker = this.workerIds.get(job.name);
    if (id && worker) this.boss.notifyWorker(worker);
    return id;
  }

  async check(): Promise<void> {
    await this.boss.getQueues([...this.jobs.keys()]);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
