import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apiRequestLog } from '../../db/schema';
import { defineJob } from '../../jobs/define-job';

/** The request log is kept 90 days (issue 18). */
export const API_REQUEST_LOG_DAYS = 90;
/** Rows deleted per statement: a busy day's rows (millions) never sit in one transaction or in memory. */
const PURGE_BATCH = 10_000;

/** Deletes log rows older than the retention, a batch at a time; answers how many went. */
export async function purgeOldApiRequests(db: Db, now = new Date(), batchSize = PURGE_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - API_REQUEST_LOG_DAYS * 86_400_000);
  let purged = 0;
  for (;;) {
    const old = db.select({ id: apiRequestLog.id }).from(apiRequestLog).where(lt(apiRequestLog.timestamp, cutoff)).limit(batchSize);
    const batch = await db.delete(apiRequestLog).where(inArray(apiRequestLog.id, old)).returning({ id: apiRequestLog.id });
    purged += batch.length;
    if (batch.length < batchSize) return purged;
  }
}

export const purgeApiRequestLog = defineJob({
  name: 'purge-api-request-log',
  payload: z.object({}).default({}),
  // Daily, at a quiet hour (UTC).
  schedule: () => '23 3 * * *',
  handler: async (_payload, { db, log }) => {
    const purged = await purgeOldApiRequests(db);
    if (purged > 0) log.info({ purged }, 'purged old API request log rows');
  },
});
