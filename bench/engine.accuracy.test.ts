import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../src/engine';
import { DATASETS, loadDataset } from './lib/datasets';
import { measureAccuracy, predictedClusters } from './lib/metrics';
import { syntheticCompanies, syntheticContacts } from './lib/synthetic-sets';

// A guard against regressions on the smaller public datasets; `npm run bench:accuracy` measures all of them.
describe('matching accuracy on public labelled data (default settings, no labels)', () => {
  it.each([
    // Measured with `npm run bench:accuracy`: 0.998, 0.975 and 0.950.
    ['febrl dataset1', 0.99],
    ['splink fake_1000', 0.97],
    ['organisations', 0.94],
  ])('%s: pairwise F1 of at least %d', (name, target) => {
    const { records, truth } = loadDataset(DATASETS.find((d) => d.name === name)!);
    const result = findDuplicates(records, DATASETS.find((d) => d.name === name)!.objectType);
    expect(measureAccuracy(truth, predictedClusters(records, result.groups)).f1).toBeGreaterThanOrEqual(target);
  }, 60_000);
});

describe('matching accuracy on synthetic B2B contacts (namesakes, colleagues sharing a surname)', () => {
  it('10,000 contacts: precision and recall of at least 0.99', () => {
    const { records, truth } = syntheticContacts(10_000);
    const accuracy = measureAccuracy(truth, predictedClusters(records, findDuplicates(records, 'contacts').groups));
    expect(accuracy.precision).toBeGreaterThanOrEqual(0.99);
    expect(accuracy.recall).toBeGreaterThanOrEqual(0.99);
  }, 120_000);
});

describe('matching accuracy on synthetic companies (namesakes of one town, chain branches, pages on shared hosts)', () => {
  it('10,000 companies: precision and recall of at least 0.99', () => {
    const { records, truth } = syntheticCompanies(10_000);
    const { precision, recall } = measureAccuracy(truth, predictedClusters(records, findDuplicates(records, 'companies').groups));
    expect(Math.min(precision, recall), `precision ${precision}, recall ${recall}`).toBeGreaterThanOrEqual(0.99);
  }, 120_000);
});

describe('measureAccuracy', () => {
  it('counts pairs from cluster sizes', () => {
    const accuracy = measureAccuracy(['a', 'a', 'a', 'b'], ['x', 'x', 'y', 'y']);
    expect(accuracy).toMatchObject({ truePairs: 3, predictedPairs: 2, correctPairs: 1, precision: 0.5 });
    expect(accuracy.recall).toBeCloseTo(1 / 3);
  });
});
