import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { apiRequestLog } from '../../db/schema';
import { defineJob } from '../../jobs/define-job';

/** The request log is kept 90 days (issue 18). */
export const API_REQUEST_LOG_DAYS = 90;

export const purgeApiRequestLog = defineJob({
  name: 'purge-api-request-log',
  payload: z.object({}).default({}),
  // Daily, at a quiet hour (UTC).
  schedule: () => '23 3 * * *',
  handler: async (_payload, { db, log }) => {
    const cutoff = new Date(Date.now() - API_REQUEST_LOG_DAYS * 86_400_000);
    const purged = await db.delete(apiRequestLog).where(lt(apiRequestLog.timestamp, cutoff)).returning({ id: apiRequestLog.id });
    if (purged.length > 0) log.info({ purged: purged.length }, 'purged old API request log rows');
  },
});
