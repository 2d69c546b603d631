import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { sessions } from '../../db/schema';
import { purgeStaleDevices } from './known-devices';
import { purgeExpiredLimits } from './rate-limiter';

/**
 * Expired sessions can no longer sign anybody in, and expired sign-in counters and devices
 * unused for a year count for nothing: keeping them only grows the tables.
 */
export const purgeExpiredSessions = defineJob({
  name: 'purge-expired-sessions',
  payload: z.object({}).default({}),
  schedule: (config) => config.SESSION_PURGE_CRON,
  handler: async (_payload, { db, log }) => {
    const purged = await db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    const counters = await purgeExpiredLimits(db);
    const devices = await purgeStaleDevices(db);
    if (purged.length + counters + devices > 0) log.info({ purged: purged.length, counters, devices }, 'purged expired sessions, sign-in counters and devices');
  },
});
