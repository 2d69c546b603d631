import type { DETECTION_SENSITIVITIES } from './defaults';

/**
 * The match probability a pair needs at each duplicateDetectionSensitivity (the engine's
 * decision threshold, src/engine/settings.ts): here so the help page states the numbers.
 */
export const SENSITIVITY_MATCH_PROBABILITY: Readonly<Record<(typeof DETECTION_SENSITIVITIES)[number], number>> = { low: 0.99, medium: 0.95, high: 0.8 };
