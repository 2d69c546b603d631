/**
 * Safe merging: merge plans, merges and restores, automatic clean-up.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { allowsAutomaticCleanup, AUTOMATIC_CLEANUP_NEEDS_PROFESSIONAL, automaticCleanupJob, cleanUpAfterScheduledScan, listAutomaticCleanupRuns } from './automatic-cleanup';
export { listHistory, mergeOrNotFound } from './cleanup-history';
export { cleanupRoutes } from './cleanup-routes';
export { buildMergePlan, PlanInputError } from './merge-plan';
export { findGroup, groupRecordIds, MERGEABLE_STATUSES, planGroupMerge } from './plan-group-merge';
export { restoreRecord } from './restore-record';
export { mergeJob } from './run-merge';
export { startMerge } from './start-merge';
