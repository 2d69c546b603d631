import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { secretBoxFor } from '../../security/secret-box';
import { deliverDueWebhooks, fanOutWebhookEvents } from './webhook-delivery';

/** Each minute: outbox events into deliveries, then every due delivery (first tries, retries, leases run out). */
export const webhooksTickJob = defineJob({
  name: 'webhooks-tick',
  payload: z.object({}).default({}),
  schedule: () => '* * * * *',
  retryLimit: 0,
  handler: async (_payload, { db, config, log }) => {
    await fanOutWebhookEvents(db, config.publicUrl);
    await deliverDueWebhooks({ db, config, secrets: await secretBoxFor(config), log });
  },
});
