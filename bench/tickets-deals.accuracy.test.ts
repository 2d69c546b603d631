import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../src/engine';
import { measureAccuracy, predictedClusters } from './lib/metrics';
import { syntheticPortalRecords } from './lib/synthetic-sets';

// Floors for tickets and deals on generated portals with known truth (issue 20): a common
// subject or deal name alone never makes a group. `npm run bench:accuracy` measures more sizes.
describe('matching accuracy on synthetic tickets and deals (default settings, no labels)', () => {
  it.each([
    ['tickets', 2000, 0.99, 0.94],
    ['deals', 2000, 0.93, 0.91],
  ] as const)('%s, %d records: precision of at least %d, F1 of at least %d', (type, size, precision, f1) => {
    const { records, truth } = syntheticPortalRecords(type, size);
    const accuracy = measureAccuracy(truth, predictedClusters(records, findDuplicates(records, type).groups));
    expect(accuracy.precision).toBeGreaterThanOrEqual(precision);
    expect(accuracy.f1).toBeGreaterThanOrEqual(f1);
  }, 60_000);

  it("calls no more tickets duplicates than there are on the sandbox's default portal", () => {
    // npm run sandbox with no options: seed 1, 300 tickets.
    const { records, truth } = syntheticPortalRecords('tickets', 300, { seed: 1 });
    const result = findDuplicates(records, 'tickets');
    const counts = new Map<string, number>();
    for (const entity of truth) counts.set(entity, (counts.get(entity) ?? 0) + 1);
    const trulyDuplicated = truth.filter((entity) => counts.get(entity)! > 1).length;
    expect(result.duplicateRecordCount).toBeLessThanOrEqual(trulyDuplicated);
    expect(measureAccuracy(truth, predictedClusters(records, result.groups)).precision).toBeGreaterThanOrEqual(0.97);
  }, 60_000);
});
