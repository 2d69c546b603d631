import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobQueue } from './queue';

export interface JobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** For a job that queues others (a scheduled scan starts a scan run). */
  queue: JobQueue;
  /**
   * Aborted by pg-boss when this attempt's claim on the job is gone (its heartbeat found the job
   * failed and retried, or settled elsewhere): the work's result can no longer land, so stop.
   */
  signal: AbortSignal;
  /** pg-boss's id of the job: the same for every retry of it. Absent when a handler is called directly. */
  jobId?: string;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Queue name in pg-boss; kebab-case. */
  name: string;
  payload: P;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: (config: Config) => string;
  /** Attempts after the first failure. */
  retryLimit?: number;
  /** How long one attempt may run before it is retried (pg-boss default 15 minutes). */
  expireInSeconds?: number;
  /**
   * A running job proves it is alive this often; when its process dies the job is
   * retried within about this long (plus the supervision interval) instead of at expiry.
   */
  heartbeatSeconds?: number;
  /** How often an idle worker looks for new jobs (pg-boss default 2 s, at least 0.5): lower where someone waits. */
  pollingIntervalSeconds?: number;
  handler: (payload: z.infer<P>, context: JobContext) => Promise<void>;
}

export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
