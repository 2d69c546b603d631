/**
 * The public API: keys, the key-authenticated /api/v1, its quotas and request log.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { keyRoutes } from './key-routes';
export { purgeApiRequestLog } from './purge-request-log';
export { v1Routes, type V1Dependencies } from './v1-routes';
export { webhooksTickJob } from './webhook-job';
export { purgeWebhookDeliveriesJob } from './webhook-purge';
export { webhookRoutes } from './webhook-routes';
export { MatchIndexCache } from './match-index-cache';
