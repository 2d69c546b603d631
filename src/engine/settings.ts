import { z } from 'zod';
import { DETECTION_SENSITIVITIES, SETTINGS_DEFAULTS } from '../shared/defaults';
import { SENSITIVITY_MATCH_PROBABILITY } from '../shared/match-threshold';

/** Everything that changes what the engine decides; stored with each scan so results can be reproduced. */
export const engineSettingsSchema = z.object({
  duplicateDetectionSensitivity: z.enum(DETECTION_SENSITIVITIES).default(SETTINGS_DEFAULTS.duplicateDetectionSensitivity),
  fuzzyMatchingThreshold: z.number().min(0).max(100).default(SETTINGS_DEFAULTS.fuzzyMatchingThreshold),
  enablePhoneticMatching: z.boolean().default(SETTINGS_DEFAULTS.enablePhoneticMatching),
  enableFuzzyMatching: z.boolean().default(SETTINGS_DEFAULTS.enableFuzzyMatching),
  normalizeBusinessNames: z.boolean().default(SETTINGS_DEFAULTS.normalizeBusinessNames),
  normalizeEmails: z.boolean().default(SETTINGS_DEFAULTS.normalizeEmails),
  normalizePhoneNumbers: z.boolean().default(SETTINGS_DEFAULTS.normalizePhoneNumbers),
  /** ISO country of the portal, for phone numbers written without a country code. */
  defaultCountry: z.string().length(2).default('US'),
  /** Blocks larger than this are compared only within a sliding window (and reported). */
  maxBlockSize: z.number().int().min(2).default(400),
  /** Groups larger than this are split at their weakest links. */
  maxGroupSize: z.number().int().min(2).default(40),
  /**
   * Random pairs drawn to estimate u probabilities. 50,000 estimate as well as 300,000 on
   * every labelled dataset (F1 moves more with the seed than with the size) at a sixth of
   * the cost, which was most of the time of a scan of a few thousand records.
   */
  uSampleSize: z.number().int().min(1000).default(50_000),
  /** Seed for everything random, so a scan can be repeated exactly. */
  seed: z.number().int().default(42),
});

export type EngineSettings = z.infer<typeof engineSettingsSchema>;
export type EngineSettingsInput = z.input<typeof engineSettingsSchema>;

export function resolveEngineSettings(input: EngineSettingsInput = {}): EngineSettings {
  return engineSettingsSchema.parse(input);
}

/**
 * The decision threshold, documented for the help page:
 * - sensitivity sets the match probability a pair needs: low 0.99, medium 0.95, high 0.80
 *   (high sensitivity finds more duplicates, with more that need a second look);
 * - fuzzyMatchingThreshold (0-100, default 80) moves it by (threshold - 80) / 10 bits of
 *   match weight: 90 asks for twice the evidence, 70 for half; it is also the lowest
 *   Jaro-Winkler similarity (threshold / 100) that still counts as a fuzzy match.
 */
export function decisionThreshold(settings: EngineSettings): { probability: number; weight: number } {
  const base = SENSITIVITY_MATCH_PROBABILITY[settings.duplicateDetectionSensitivity];
  const weight = Math.log2(base / (1 - base)) + (settings.fuzzyMatchingThreshold - 80) / 10;
  return { weight, probability: weightToProbability(weight) };
}

export function weightToProbability(weight: number): number {
  const odds = 2 ** weight;
  return odds / (1 + odds);
}
