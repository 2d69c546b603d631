import { purgeExpiredSessions } from '../modules/auth/purge-expired-sessions';
import { automaticCleanupJob } from '../modules/cleanup/automatic-cleanup';
import { mergeJob } from '../modules/cleanup/run-merge';
import { scanJob } from '../modules/scans/run-scan';
import { scheduledScanJob } from '../modules/scans/scheduled-scan';
import type { JobDefinition } from './define-job';

/** Every job the product runs. A queue exists for each; workers serve them all. */
export const jobRegistry: readonly JobDefinition[] = [purgeExpiredSessions, scanJob, scheduledScanJob, mergeJob, automaticCleanupJob];
