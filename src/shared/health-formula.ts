/**
 * The constants of the health scores (src/engine/health/compute-health.ts computes them):
 * here so the help page shows the very numbers the engine uses.
 */

/** Share of each score in the health score; they sum to 1. */
export const HEALTH_WEIGHTS = { completeness: 0.35, duplicates: 0.3, freshness: 0.2, updateFrequency: 0.15 } as const;
/** Freshness halves for every this many days since a record was last touched. */
export const FRESHNESS_HALF_LIFE_DAYS = 180;
/** A record touched within this many days counts as recently updated. */
export const RECENT_UPDATE_WINDOW_DAYS = 90;
/** Share of recently updated records that earns the full update frequency score. */
export const UPDATE_TARGET_SHARE = 0.5;
/** Power of (1 - duplicate rate): duplicates cost more than their share, as each one misleads. */
export const DUPLICATE_PENALTY_EXPONENT = 4;
