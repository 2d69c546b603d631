import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { crmConnections } from './crm';
import { duplicateGroups, scanRuns } from './scans';
import { ownerUserId } from './users';

/** What a merge settled before its first write: taken from the backups, so a resumed job never re-decides. */
export interface ResolvedMerge {
  /** Values written to the primary before any merge. */
  writes: Record<string, string | null>;
  /** The primary's values before the write, for the history. */
  previous: Record<string, string | null>;
  /** Opt-outs the merged record must keep. */
  consent: Record<string, string>;
}

/** One automatic cleanup after a scheduled scan: its settings and what it merged. */
export const cleanupRuns = pgTable(
  'cleanup_runs',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** The scheduled scan it followed; one cleanup per scan, so a retried job finds its run again. */
    scanRunId: integer('scan_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    /** running, completed, skipped or failed. */
    status: text('status').notNull().default('running'),
    minConfidence: real('min_confidence').notNull(),
    maxMerges: integer('max_merges').notNull(),
    eligibleGroups: integer('eligible_groups').notNull().default(0),
    deferredGroups: integer('deferred_groups').notNull().default(0),
    /** Eligible groups it did not merge, with why (their records changed, an opt-out, ...). */
    skipped: jsonb('skipped').$type<{ groupId: number; reason: string }[]>().notNull().default([]),
    message: text('message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [unique('cleanup_runs_scan_run_key').on(t.scanRunId), index('cleanup_runs_user_time_idx').on(t.userId, t.createdAt)],
);

/**
 * The merge of one duplicate group: a sequence of record actions (write the chosen values to the
 * primary, then one pairwise merge per other record), run by the `merge` job.
 */
export const merges = pgTable(
  'merges',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    /** Null once a rescan replaced the group; the merge keeps its own list of records. */
    groupId: integer('group_id').references(() => duplicateGroups.id, { onDelete: 'set null' }),
    objectType: text('object_type').notNull(),
    /** user or automatic-cleanup. */
    performedBy: text('performed_by').notNull(),
    cleanupRunId: integer('cleanup_run_id').references(() => cleanupRuns.id, { onDelete: 'set null' }),
    /** queued, running, completed, partial or failed. */
    status: text('status').notNull().default('queued'),
    /** The primary as chosen, and the other records in the order they are merged into it. */
    primaryRecordId: text('primary_record_id').notNull(),
    secondaryIds: jsonb('secondary_ids').$type<string[]>().notNull(),
    /** The merged record's id now: HubSpot gives contacts and companies a new one at every merge. */
    survivorId: text('survivor_id').notNull(),
    /** Property -> record whose value survives, as the user chose. */
    fieldChoices: jsonb('field_choices').$type<Record<string, string>>().notNull(),
    /** Set with the backups, in the same transaction. */
    resolved: jsonb('resolved').$type<ResolvedMerge>(),
    /** The record actions of the steps, in order. */
    actionIds: jsonb('action_ids').$type<number[]>().notNull().default([]),
    /** Raised by each job attempt; a write of an older attempt finds it changed and stops (a fence). */
    attempt: integer('attempt').notNull().default(0),
    errorMessage: text('error_message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    /** Written with every step: a merge whose worker died shows it stopped moving. */
    heartbeatAt: timestamptz('heartbeat_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('merges_user_time_idx').on(t.userId, t.createdAt),
    index('merges_group_idx').on(t.groupId),
    index('merges_cleanup_run_idx').on(t.cleanupRunId),
    // One merge of a group at a time, whatever the number of web and worker processes.
    uniqueIndex('merges_one_active_per_group').on(t.groupId).where(sql`status in ('queued', 'running')`),
  ],
);

/** Every property of every record of a merge, as HubSpot had it just before the first write. */
export const mergeBackups = pgTable(
  'merge_backups',
  {
    id: serial('id').primaryKey(),
    mergeId: integer('merge_id')
      .notNull()
      .references(() => merges.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    objectType: text('object_type').notNull(),
    hubspotId: text('hubspot_id').notNull(),
    properties: jsonb('properties').$type<Record<string, string | null>>().notNull(),
    hubspotCreatedAt: timestamptz('hubspot_created_at'),
    hubspotUpdatedAt: timestamptz('hubspot_updated_at'),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
    /** Set while a restore creates the record in HubSpot, so two clicks cannot create two. */
    restoreStartedAt: timestamptz('restore_started_at'),
    restoredAsId: text('restored_as_id'),
  },
  (t) => [unique('merge_backups_merge_record_key').on(t.mergeId, t.hubspotId)],
);

export type Merge = typeof merges.$inferSelect;
export type MergeBackup = typeof mergeBackups.$inferSelect;
export type CleanupRun = typeof cleanupRuns.$inferSelect;
