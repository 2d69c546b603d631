import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { sessions } from '../../db/schema';

/** Expired sessions can no longer sign anybody in; keeping them only grows the table. */
export const purgeExpiredSessions = defineJob({
  name: 'purge-expired-sessions',
  payload: z.object({}).default({}),
  schedule: (config) => config.SESSION_PURGE_CRON,
  handler: async (_payload, { db, log }) => {
    const purged = await db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    if (purged.length > 0) log.info({ purged: purged.length }, 'purged expired sessions');
  },
});
