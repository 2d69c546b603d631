/**
 * HubSpot: connections, the API client with its per-portal limiter, the sync into the mirror.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { connectionRoutes, hubspotStatus } from './connection-routes';
export { connectionTokens, findConnection, hubspotApiFor } from './connections';
export { HubSpotApi, HubSpotError, HubSpotRefusal, UncertainOutcome } from './hubspot-api';
export type { HubSpotRecord, PropertyInfo, TokenSource } from './hubspot-api';
export { upsertMirrorRecords } from './mirror-records';
export type { MirrorKey } from './mirror-records';
export { lastModifiedProperty, MIRRORED_PROPERTIES } from './hubspot-properties';
export { portalLimiter, sleep } from './portal-limiter';
export { OWNER_PROPERTY, refreshValueLabels, userValueLabels, valueLabelsOf } from './property-labels';
export type { PortalLimiter } from './portal-limiter';
export { fetchedSoFar, syncObjectType } from './sync-records';
export type { SyncResult } from './sync-records';
