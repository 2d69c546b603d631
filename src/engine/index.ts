/** The engine's public surface: everything else in src/engine is internal. */
export { findDuplicates } from './find-duplicates';
export { findDuplicatesInParallel, startEngineThreads } from './parallel/find-duplicates-in-parallel';
export type { ParallelOptions } from './parallel/find-duplicates-in-parallel';
export type { DuplicateDetectionResult, DuplicateGroup, EngineStage, FindDuplicatesOptions, PairOfIds } from './find-duplicates';
export type { FieldContribution, PairExplanation } from './explain/explain-pair';
export { decisionThreshold, engineSettingsSchema, resolveEngineSettings } from './settings';
export type { EngineSettings, EngineSettingsInput } from './settings';
export type { EngineRecord } from './types';
export { computeHealth, healthFormulas } from './health/compute-health';
export type { ComputeHealthOptions, FillRate, HealthFormula, HealthMetric, HealthReport } from './health/compute-health';
export { duplicationByField } from './health/duplication-by-field';
export type { DuplicationByFieldOptions, FieldDuplication } from './health/duplication-by-field';
export { HEALTH_PROPERTIES } from './health/health-properties';
export { normalizeEmail } from './normalize/email';
export { normalizePhone } from './normalize/phone';
export { buildMatchIndex, matchRecord } from './match/match-index';
export type { MatchCandidate, MatchIndex, MatchModel } from './match/match-index';
