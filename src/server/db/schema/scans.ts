import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { crmConnections } from './crm';
import { ownerUserId } from './users';

const score = (name: string) => real(name).notNull().default(0);

/** What a running scan is doing, for the progress bar and its server-sent events. */
export interface ScanProgress {
  phase: 'queued' | 'syncing' | 'analyzing' | 'saving' | 'done';
  objectType: string | null;
  /** Object types finished so far, of `objectTypes`. */
  completedTypes: number;
  recordsFetched: number;
  recordsExpected: number | null;
  pairsCompared: number;
  /** 0-100 over the whole scan. */
  percent: number;
  message: string;
}

/** One press of Scan now (or one scheduled run): the object types it covers, its state and progress. */
export const scanRuns = pgTable(
  'scan_runs',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** queued, running, completed, failed or cancelled. */
    status: text('status').notNull().default('queued'),
    objectTypes: jsonb('object_types').$type<string[]>().notNull(),
    /** manual, schedule or api. */
    trigger: text('trigger').notNull().default('manual'),
    progress: jsonb('progress').$type<ScanProgress>(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Raised by each job attempt; progress and results of an older attempt find it changed and are not written (a fence). */
    attempt: integer('attempt').notNull().default(0),
    errorMessage: text('error_message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('scan_runs_user_time_idx').on(t.userId, t.createdAt),
    // One scan per user at a time, whatever the number of web and worker processes.
    uniqueIndex('scan_runs_one_active_per_user').on(t.userId).where(sql`status in ('queued', 'running')`),
  ],
);

export const scanHistory = pgTable(
  'scan_history',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** The scan run this row belongs to (one row per object type of a run). */
    runId: integer('run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    objectType: text('object_type').notNull(),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('completed'),
    totalRecords: integer('total_records').notNull().default(0),
    duplicateRecords: integer('duplicate_records').notNull().default(0),
    healthScore: score('health_score'),
    emptyFieldsPercentage: score('empty_fields_percentage'),
    avgDataAgeInDays: score('avg_data_age_in_days'),
    updateFrequencyScore: score('update_frequency_score'),
    duplicateScore: score('duplicate_score'),
    completenessScore: score('completeness_score'),
    freshnessScore: score('freshness_score'),
    updateFrequencyScoreComponent: score('update_frequency_score_component'),
    /** JSON text: details of the scan, including the engine settings used. */
    scanData: text('scan_data'),
    errorMessage: text('error_message'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('scan_history_user_type_time_idx').on(t.userId, t.objectType, t.timestamp)],
);

export const duplicateGroups = pgTable(
  'duplicate_groups',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    objectType: text('object_type').notNull(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scanHistory.id, { onDelete: 'cascade' }),
    matchKey: text('match_key').notNull(),
    records: jsonb('records').$type<unknown[]>().notNull(),
    confidence: real('confidence').notNull(),
    /** The suggested survivor of a merge: the most complete record, then the most recent. */
    primaryRecordId: text('primary_record_id'),
    /** Per pair, each field's contribution to the match weight with both values. */
    explanations: jsonb('explanations').$type<unknown[]>(),
    /**
     * Hash of the members, their last updates, the match key and the confidence: a rescan that
     * finds the same group keeps the stored one instead of writing it again.
     */
    fingerprint: text('fingerprint'),
    /** pending, merged, dismissed or failed (DESIGN.md). */
    status: text('status').notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('duplicate_groups_user_status_idx').on(t.userId, t.objectType, t.status),
    index('duplicate_groups_scan_idx').on(t.scanId),
    // The duplicates screen's two orders: a page is read off the index, not sorted from all groups.
    index('duplicate_groups_user_status_confidence_idx').on(t.userId, t.status, t.confidence, t.id),
    index('duplicate_groups_user_status_created_idx').on(t.userId, t.status, t.createdAt, t.id),
  ],
);

export const recordActions = pgTable(
  'record_actions',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    objectType: text('object_type').notNull(),
    actionType: text('action_type').notNull(),
    recordIds: jsonb('record_ids').$type<string[]>().notNull(),
    primaryRecordId: text('primary_record_id'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [index('record_actions_user_time_idx').on(t.userId, t.timestamp)],
);

/** A trained model as stored: the comparisons' names and, per comparison and level, m and u. */
export interface StoredModelParameters {
  fields: string[];
  lambda: number;
  lambdaCandidates: number;
  iterations: number;
  converged: boolean;
  m: number[][];
  u: number[][];
}

/**
 * A portal's model for one object type, as its last scan left it (decision 026): a scan in
 * another process, or after a restart, scores with it while it stands, and the public API's
 * match index takes it instead of training one of its own.
 */
export const trainedModels = pgTable(
  'trained_models',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    /** The portal the connection had: a connection moved to another portal trains again. */
    hubId: text('hub_id'),
    /** The resolved engine settings it was trained with, as text. */
    settingsKey: text('settings_key').notNull(),
    parameters: jsonb('parameters').$type<StoredModelParameters>().notNull(),
    /** Labelled pairs (dismissals, merges) it was trained with. */
    labelsAtTraining: integer('labels_at_training').notNull(),
    /** Records changed, added or gone between its training and the scan that stored it. */
    changedSinceTraining: integer('changed_since_training').notNull(),
    /** That scan's records, and the newest last modification among them (epoch ms): what changed since is counted from them. */
    records: integer('records').notNull(),
    newestVersion: bigint('newest_version', { mode: 'number' }),
    trainedAt: timestamptz('trained_at').notNull().defaultNow(),
    storedAt: timestamptz('stored_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.objectType] })],
);

export type ScanHistory = typeof scanHistory.$inferSelect;
export type DuplicateGroup = typeof duplicateGroups.$inferSelect;
export type RecordAction = typeof recordActions.$inferSelect;
export type TrainedModelRow = typeof trainedModels.$inferSelect;
