/**
 * Engine accuracy on the public labelled datasets in ../shared/data, default settings,
 * no labels. Prints pairwise precision, recall, F1 and B-cubed F1 for each.
 * Run: npm run bench:accuracy [-- name-filter]
 */
import { findDuplicates } from '../src/engine';
import { DATASETS, loadDataset } from './lib/datasets';
import { measureAccuracy, predictedClusters } from './lib/metrics';

const only = process.argv[2];
console.log('dataset                   records   pairs    groups  precision  recall   F1      B3-F1   ms');
for (const dataset of DATASETS) {
  if (only && !dataset.name.includes(only)) continue;
  const { records, truth } = loadDataset(dataset);
  const started = performance.now();
  const result = findDuplicates(records, dataset.objectType);
  const ms = performance.now() - started;
  const accuracy = measureAccuracy(truth, predictedClusters(records, result.groups));
  console.log(
    `${dataset.name.padEnd(25)} ${String(records.length).padStart(7)} ${String(result.pairsCompared).padStart(7)} ${String(result.groups.length).padStart(8)}  ${accuracy.precision.toFixed(4)}     ${accuracy.recall.toFixed(4)}  ${accuracy.f1.toFixed(4)}  ${accuracy.bcubedF1.toFixed(4)}  ${ms.toFixed(0)}`,
  );
  if (process.env.VERBOSE) console.log(JSON.stringify({ lambda: result.model.lambda, fields: result.model.fields.map((f) => [f.field, f.levels.map((l) => `${l.label}:${l.weight.toFixed(1)}`)]) }));
}
