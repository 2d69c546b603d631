import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { apiRequestLog } from '../../db/schema';

export type ApiRequestLogRow = typeof apiRequestLog.$inferInsert;

const FLUSH_MS = 1000;
const FLUSH_ROWS = 100;

/**
 * The /api/v1 request log, written in batches off the request path: rows wait in memory and
 * go in one INSERT each second or every 100 rows, and on close. A failed write is logged and
 * dropped: the log must never fail or slow an API call.
 */
export class ApiRequestLogBuffer {
  private rows: ApiRequestLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(row: ApiRequestLogRow): void {
    this.rows.push(row);
    if (this.rows.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what waits; resolves when every row added so far is written (or dropped). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      await this.db
        .insert(apiRequestLog)
        .values(batch)
        .catch((err: unknown) => this.log.error({ err, rows: batch.length }, 'could not write the API request log'));
    });
    return this.writing;
  }
}
