/**
 * Scans: the scan job and schedule, results and how they are stored and read.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { resultsRoutes } from './results-routes';
export { bumpResultsVersion } from './results-version';
export { engineSettingsOf, scanJob } from './run-scan';
export { saveEngineResults } from './save-scan-results';
export { duplicateGroupView, findDuplicateGroup, historicalTrends, latestResults, listDuplicateGroups } from './scan-results';
export { scanRoutes, startScanFor } from './scan-routes';
export { scanSelection } from './remembered-scans';
export { findStoredModel, matchModelOf, storeModel } from './stored-models';
export { applyScanSchedule, nextScheduledScan, scanCron, scanScheduleKey, scheduledScanJob } from './scheduled-scan';
export type { AnalysisFrequency } from './scheduled-scan';
export { recentScanRuns, scanRunView, startScan } from './start-scan';
