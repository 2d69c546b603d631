import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';
import { valueLabelsSchema } from './results';

/** How the primary (the record that survives a merge) is suggested; the user may also pick one by hand. */
export const PRIMARY_RULES = ['most-complete', 'oldest', 'most-recent', 'has-owner'] as const;
export type PrimaryRule = (typeof PRIMARY_RULES)[number];

/** Settings of automatic cleanup (Professional, Enterprise and the trial); off until the user turns it on. */
export const AUTOMATIC_CLEANUP_DEFAULTS = { enabled: false, minConfidence: 0.95, maxMergesPerRun: 25 } as const;
export const AUTOMATIC_CLEANUP_LIMITS = { minConfidence: 0.8, maxMergesPerRun: 250 } as const;

/** What the settings page states beside the switch. */
export const AUTOMATIC_CLEANUP_RISK =
  'Automatic cleanup merges records in HubSpot without asking you first. HubSpot cannot undo a merge. ' +
  'DataCleaner keeps a backup of every merged record and can recreate it from that backup, but the recreated record gets a new id, ' +
  'and its activities and associations stay with the merged record. Only groups above your confidence level whose records share ' +
  'exactly the same email address (contacts) or domain (companies) are merged, at most the number you set per scan.';

const objectType = z.enum(OBJECT_TYPES);
const recordId = z.string().regex(/^\d{1,20}$/, 'A HubSpot record id is a number such as 1234');

/** Query strings stay inline in the OpenAPI document (no component id). */
export const mergePlanQuerySchema = z.object({
  primaryRule: z.enum(PRIMARY_RULES, { error: `primaryRule must be one of ${PRIMARY_RULES.join(', ')}` }).default('most-complete'),
  /** A primary picked by hand; it overrides the rule. */
  primaryId: recordId.optional(),
});

/**
 * How a property's surviving value is decided:
 * choice: the user picks (default: the primary's, blanks filled from the others in merge order);
 * primary: HubSpot keeps the primary's value and lists the others as additional emails or domains;
 * furthest-stage / earliest: HubSpot's own rule (lifecycle stage, create date);
 * consent: an opt-out on any record is kept;
 * computed: HubSpot computes it (read-only).
 */
export const FIELD_RULES = ['choice', 'primary', 'furthest-stage', 'earliest', 'consent', 'computed'] as const;

const valueSources = z.object({ value: z.string(), recordIds: z.array(z.string()) });

export const mergePlanFieldSchema = z
  .object({
    property: z.string(),
    label: z.string(),
    rule: z.enum(FIELD_RULES),
    /** Each distinct value and the records that hold it. */
    candidates: z.array(valueSources),
    /** The value the merged record will have, and the record it comes from (null when HubSpot computes it). */
    survivor: z.object({ value: z.string().nullable(), recordId: z.string().nullable() }),
    /** Values no record keeps after the merge (they stay in the backup). */
    lost: z.array(valueSources),
    /** Whether the user may choose the survivor in fieldChoices. */
    choosable: z.boolean(),
    note: z.string().nullable(),
  })
  .meta({ id: 'MergePlanField' });

export const mergePlanRecordSchema = z
  .object({
    id: z.string(),
    /** A short name: the contact's name and email, the company's name and domain, ... */
    label: z.string(),
    isPrimary: z.boolean(),
    /** Position in the merge order: 0 for the primary, then the order records are merged into it. */
    order: z.number().int(),
    createdAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime().nullable(),
    /** Properties with a value. */
    filledProperties: z.number().int(),
    hasOwner: z.boolean(),
    /** An opt-out of email on this record (contacts). */
    optedOut: z.boolean(),
  })
  .meta({ id: 'MergePlanRecord' });

export const mergePlanSchema = z
  .object({
    groupId: z.number().int(),
    objectType,
    primaryRule: z.enum(PRIMARY_RULES),
    /** The primary this plan uses: picked by hand, or the rule's suggestion. */
    primaryId: z.string(),
    /** The rule's suggestion. */
    suggestedPrimaryId: z.string(),
    records: z.array(mergePlanRecordSchema),
    /** Group members HubSpot has merged since the scan; they are part of the record named. */
    alreadyMerged: z.array(z.object({ id: z.string(), mergedIntoId: z.string() })),
    fields: z.array(mergePlanFieldSchema),
    /** The merged record's values, property by property. */
    result: z.record(z.string(), z.string().nullable()),
    /** Every value that will be lost, property by property. */
    lostValues: z.array(z.object({ property: z.string(), label: z.string(), value: z.string(), recordIds: z.array(z.string()) })),
    /** Opt-outs the merged record keeps. */
    consent: z.array(z.object({ property: z.string(), label: z.string(), value: z.string(), fromRecordIds: z.array(z.string()) })),
    /** What the merge will do, in order. */
    steps: z.array(z.object({ kind: z.enum(['update', 'merge']), recordId: z.string(), description: z.string() })),
    /** Why this merge cannot run as planned (empty when it can). */
    blockers: z.array(z.string()),
    /** What the portal calls the owner ids, stage ids and option codes among the values. */
    valueLabels: valueLabelsSchema,
  })
  .meta({ id: 'MergePlan' });

export const mergeRequestSchema = z
  .strictObject(
    {
      /** The record that survives; the rule's suggestion when left out. */
      primaryId: recordId.optional(),
      primaryRule: z.enum(PRIMARY_RULES, { error: `primaryRule must be one of ${PRIMARY_RULES.join(', ')}` }).default('most-complete'),
      /** Property name -> id of the record whose value survives. Properties left out keep the plan's default. */
      fieldChoices: z
        .record(z.string().regex(/^[a-z0-9_]{1,100}$/i, 'A property name has letters, digits and _'), recordId, { error: 'fieldChoices maps property names to record ids' })
        .refine((choices) => Object.keys(choices).length <= 1000, 'At most 1000 field choices')
        .default({}),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : undefined) },
  )
  .meta({ id: 'MergeRequest' });

/**
 * update, merge, restore: safe merging's steps; dismiss and not-duplicate: decisions on the
 * duplicates screen; other: anything else the table holds.
 */
export const RECORD_ACTION_TYPES = ['update', 'merge', 'restore', 'dismiss', 'not-duplicate', 'other'] as const;
export const RECORD_ACTION_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'skipped'] as const;
export const PERFORMERS = ['user', 'automatic-cleanup'] as const;

export const recordActionSchema = z
  .object({
    id: z.number().int(),
    objectType,
    actionType: z.enum(RECORD_ACTION_TYPES),
    status: z.enum(RECORD_ACTION_STATUSES),
    /** HubSpot's refusal or our failure, in words a user can act on. */
    errorMessage: z.string().nullable(),
    /** The records the action touched: the primary and the record merged into it, or the record restored. */
    recordIds: z.array(z.string()),
    primaryRecordId: z.string().nullable(),
    /** When it happened (or was queued, while pending). */
    timestamp: z.iso.datetime(),
    mergeId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
    performedBy: z.enum(PERFORMERS),
    /** Who, where the action names someone other than the account's user (the demo's team). */
    performedByName: z.string().nullable(),
    /** One sentence: what was done. */
    summary: z.string(),
    /** Values written (update actions). */
    changes: z.array(z.object({ property: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
    /** The id the action produced: the merged record's new id, or the restored record's id. */
    resultId: z.string().nullable(),
    restore: z.object({
      /** Whether Restore can recreate the record merged away in this action. */
      available: z.boolean(),
      restoredAsId: z.string().nullable(),
      /** Why not, when it is not available. */
      reason: z.string().nullable(),
      /** How a person knows the record a Restore brings back (its name when it had one), or null when the action merged none away. */
      recordName: z.string().nullable(),
    }),
    /** A dismissal can be undone: its group goes back to the review list. */
    undo: z.object({
      available: z.boolean(),
      /** When the dismissal was undone, if it was. */
      undoneAt: z.iso.datetime().nullable(),
    }),
  })
  .meta({ id: 'RecordAction' });

export const MERGE_STATUSES = ['queued', 'running', 'completed', 'partial', 'failed'] as const;

export const mergeSchema = z
  .object({
    id: z.number().int(),
    groupId: z.number().int().nullable(),
    objectType,
    /** completed: every record merged; partial: some were (see records); failed: none were. */
    status: z.enum(MERGE_STATUSES),
    performedBy: z.enum(PERFORMERS),
    primaryRecordId: z.string(),
    /** The id the merged record has now (HubSpot gives contacts and companies a new one at each merge). */
    survivorId: z.string(),
    errorMessage: z.string().nullable(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    /** Each record of the group and what happened to it. */
    records: z.array(
      z.object({
        id: z.string(),
        role: z.enum(['primary', 'secondary']),
        outcome: z.enum(['kept', 'merged', 'failed', 'pending', 'skipped']),
        mergedIntoId: z.string().nullable(),
        errorMessage: z.string().nullable(),
        backedUp: z.boolean(),
        restoredAsId: z.string().nullable(),
      }),
    ),
    steps: z.array(recordActionSchema),
  })
  .meta({ id: 'Merge' });

export const groupMergesSchema = z.object({ merges: z.array(mergeSchema) }).meta({ id: 'GroupMerges' });

const pageParam = (label: string, max: number) =>
  z.coerce.number({ error: `${label} must be a whole number from 1 to ${max}` }).int(`${label} must be a whole number from 1 to ${max}`).min(1, `${label} must be from 1 to ${max}`).max(max, `${label} must be from 1 to ${max}`);

export const historyQuerySchema = z.object({
  page: pageParam('page', 100_000).default(1),
  pageSize: pageParam('pageSize', 100).default(25),
  objectType: objectType.optional(),
  performedBy: z.enum(PERFORMERS).optional(),
});

export const historyPageSchema = z
  .object({ actions: z.array(recordActionSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'CleanupHistoryPage' });

export const restoreResultSchema = z
  .object({
    action: recordActionSchema,
    /** The restored record's new id. */
    restoredId: z.string(),
    /** What happened, including that the record has a new id because HubSpot cannot unmerge. */
    message: z.string(),
  })
  .meta({ id: 'RestoreResult' });

export const CLEANUP_RUN_STATUSES = ['running', 'completed', 'skipped', 'failed'] as const;

export const automaticCleanupRunSchema = z
  .object({
    id: z.number().int(),
    scanRunId: z.number().int().nullable(),
    status: z.enum(CLEANUP_RUN_STATUSES),
    /** The summary in one sentence, or why the run was skipped or failed. */
    message: z.string(),
    minConfidence: z.number(),
    maxMergesPerRun: z.number().int(),
    /** Groups that qualified (confidence and exact email or domain). */
    eligibleGroups: z.number().int(),
    mergedGroups: z.number().int(),
    /** Records merged away into others. */
    mergedRecords: z.number().int(),
    failedGroups: z.number().int(),
    /** Eligible groups left for the next run because of the per-run cap. */
    deferredGroups: z.number().int(),
    /** Eligible groups left alone, with why. */
    skipped: z.array(z.object({ groupId: z.number().int(), reason: z.string() })),
    merges: z.array(z.object({ mergeId: z.number().int(), groupId: z.number().int().nullable(), objectType, status: z.enum(MERGE_STATUSES), survivorId: z.string(), recordIds: z.array(z.string()) })),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AutomaticCleanupRun' });

export const automaticCleanupRunPageSchema = z
  .object({ runs: z.array(automaticCleanupRunSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'AutomaticCleanupRunPage' });

export const automaticCleanupRunsQuerySchema = z.object({ page: pageParam('page', 100_000).default(1), pageSize: pageParam('pageSize', 100).default(10) });

export type MergePlan = z.infer<typeof mergePlanSchema>;
export type MergePlanField = z.infer<typeof mergePlanFieldSchema>;
export type MergeRequest = z.infer<typeof mergeRequestSchema>;
export type RecordActionView = z.infer<typeof recordActionSchema>;
export type MergeView = z.infer<typeof mergeSchema>;
export type MergeStatus = (typeof MERGE_STATUSES)[number];
export type RecordActionStatus = (typeof RECORD_ACTION_STATUSES)[number];
export type Performer = (typeof PERFORMERS)[number];
export type HistoryPage = z.infer<typeof historyPageSchema>;
export type AutomaticCleanupRunView = z.infer<typeof automaticCleanupRunSchema>;
