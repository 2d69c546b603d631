import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

export const crmConnections = pgTable(
  'crm_connections',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    provider: text('provider').notNull().default('hubspot'),
    /** 'oauth' or 'private_app'. */
    authType: text('auth_type').notNull().default('oauth'),
    /** AES-256-GCM ciphertext (see DESIGN.md): tokens are never stored in clear. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    hubDomain: text('hub_domain'),
    /** The portal's name where HubSpot gives one (account details' portalName); see portal-name.ts. */
    portalName: text('portal_name'),
    hubId: text('hub_id'),
    scopes: jsonb('scopes').$type<string[]>(),
    isConnected: boolean('is_connected').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('crm_connections_user_provider_key').on(t.userId, t.provider)],
);

/** Where each object type's sync stopped, so the next one fetches only what changed. */
export const crmSyncState = pgTable(
  'crm_sync_state',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    /** Last-modified time up to which every change is in the mirror. */
    syncedThrough: timestamptz('synced_through'),
    /** Paging cursor of an interrupted full sync. */
    cursor: text('cursor'),
    lastSyncStartedAt: timestamptz('last_sync_started_at'),
    lastSyncCompletedAt: timestamptz('last_sync_completed_at'),
    /** Records the sync under way has saved, over every attempt: a resumed sync counts on from here. */
    fetched: integer('fetched').notNull().default(0),
    /** Time the sync under way has spent up to its last saved page, over every attempt. */
    elapsedMs: integer('elapsed_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.objectType] })],
);

/**
 * What a portal calls its ids and codes: owners' names (object type '*': every type shares
 * them), pipeline and stage labels, enumeration options' labels. Filled and replaced with
 * each scan (modules/hubspot/property-labels.ts); a value not here is shown as it is.
 */
export const crmValueLabels = pgTable(
  'crm_value_labels',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    property: text('property').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.objectType, t.property, t.value] })],
);

/** The local mirror of a portal's records that scans read (DESIGN.md, flow of a scan). */
export const crmRecords = pgTable(
  'crm_records',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    objectType: text('object_type').notNull(),
    hubspotId: text('hubspot_id').notNull(),
    properties: jsonb('properties').$type<Record<string, string | null>>().notNull(),
    hubspotCreatedAt: timestamptz('hubspot_created_at'),
    hubspotUpdatedAt: timestamptz('hubspot_updated_at'),
    archived: boolean('archived').notNull().default(false),
    /** Set when HubSpot merged this record into another one. */
    mergedIntoId: text('merged_into_id'),
    syncedAt: timestamptz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.objectType, t.hubspotId] }),
    index('crm_records_user_type_idx').on(t.userId, t.objectType, t.archived),
    // The objects list's default order (newest change first) reads a page off this index
    // instead of sorting every record of the type.
    index('crm_records_user_type_recent_idx').on(t.userId, t.objectType, t.archived, sql`coalesce(${t.hubspotUpdatedAt}, ${t.hubspotCreatedAt}) desc nulls last`, t.hubspotId),
  ],
);

export type CrmConnection = typeof crmConnections.$inferSelect;
export type CrmRecord = typeof crmRecords.$inferSelect;

/**
 * A portal's HubSpot request budget, shared by every process on the database: the requests
 * made in the current window (epoch milliseconds) and, after a 429, when requests may resume.
 * One row per portal and kind: 'standard' (the 10-second window) and 'search' (5 a second).
 */
export const hubspotBudgets = pgTable(
  'hubspot_budgets',
  {
    /** HubSpot's account id (hub id), or `connection-<id>` before it is known. */
    portalKey: text('portal_key').notNull(),
    kind: text('kind').notNull(),
    /** Requests the window holds: X-HubSpot-RateLimit-Max once HubSpot has said. */
    capacity: integer('capacity').notNull(),
    intervalMs: integer('interval_ms').notNull(),
    requestTimes: bigint('request_times', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    pausedUntil: bigint('paused_until', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.portalKey, t.kind] })],
);
