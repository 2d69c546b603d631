import { purgeExpiredSessions } from '../modules/auth/purge-expired-sessions';
import type { JobDefinition } from './define-job';

/** Every job the product runs. A queue exists for each; workers serve them all. */
export const jobRegistry: readonly JobDefinition[] = [purgeExpiredSessions];
