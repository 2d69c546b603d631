import { index, integer, jsonb, pgTable, real, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

const score = (name: string) => real(name).notNull().default(0);

export const scanHistory = pgTable(
  'scan_history',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
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
    /** pending, merged, dismissed or failed (DESIGN.md). */
    status: text('status').notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('duplicate_groups_user_status_idx').on(t.userId, t.objectType, t.status),
    index('duplicate_groups_scan_idx').on(t.scanId),
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

export type ScanHistory = typeof scanHistory.$inferSelect;
export type DuplicateGroup = typeof duplicateGroups.$inferSelect;
export type RecordAction = typeof recordActions.$inferSelect;
