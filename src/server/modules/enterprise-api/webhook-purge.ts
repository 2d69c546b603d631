import { and, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { defineJob } from '../../jobs/define-job';

/** The delivery log is kept 30 days: past the one-day retry window, long enough to look back on. */
export const WEBHOOK_DELIVERY_LOG_DAYS = 30;

/** Deletes finished deliveries (delivered or failed) created more than 30 days ago; answers how many. */
export async function purgeOldWebhookDeliveries(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERY_LOG_DAYS * 86_400_000);
  const purged = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, cutoff), inArray(webhookDeliveries.status, ['delivered', 'failed'])))
    .returning({ id: webhookDeliveries.id });
  return purged.length;
}

export const purgeWebhookDeliveriesJob = defineJob({
  name: 'purge-webhook-deliveries',
  payload: z.object({}).default({}),
  // Daily, at a quiet hour (UTC), apart from the request log's purge.
  schedule: () => '37 3 * * *',
  handler: async (_payload, { db, log }) => {
    const purged = await purgeOldWebhookDeliveries(db);
    if (purged > 0) log.info({ purged }, 'purged old webhook deliveries');
  },
});
