/** Accuracy of predicted clusters against true entity labels. */
export interface Accuracy {
  truePairs: number;
  predictedPairs: number;
  correctPairs: number;
  precision: number;
  recall: number;
  f1: number;
  /** B-cubed F1: per-record precision and recall of its cluster, averaged. */
  bcubedF1: number;
}

/**
 * `truth[i]` is the entity of record i; `predicted[i]` its cluster (or a unique value when
 * the record is in no group). Pairs are counted from cluster sizes, never enumerated.
 */
export function measureAccuracy(truth: readonly string[], predicted: readonly string[]): Accuracy {
  const pairsIn = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + (n * (n - 1)) / 2, 0);
  const count = (labels: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    return counts;
  };
  const truthCounts = count(truth);
  const predictedCounts = count(predicted);
  const bothCounts = count(truth.map((t, i) => `${t}\u0000${predicted[i]}`));
  const truePairs = pairsIn(truthCounts);
  const predictedPairs = pairsIn(predictedCounts);
  const correctPairs = pairsIn(bothCounts);
  const precision = predictedPairs === 0 ? 1 : correctPairs / predictedPairs;
  const recall = truePairs === 0 ? 1 : correctPairs / truePairs;
  let bPrecision = 0;
  let bRecall = 0;
  for (let i = 0; i < truth.length; i++) {
    const both = bothCounts.get(`${truth[i]}\u0000${predicted[i]}`)!;
    bPrecision += both / predictedCounts.get(predicted[i]!)!;
    bRecall += both / truthCounts.get(truth[i]!)!;
  }
  bPrecision /= truth.length;
  bRecall /= truth.length;
  return {
    truePairs,
    predictedPairs,
    correctPairs,
    precision,
    recall,
    f1: f1(precision, recall),
    bcubedF1: f1(bPrecision, bRecall),
  };
}

function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** Each record's predicted cluster: its group's id, or a value of its own when it is in no group. */
export function predictedClusters(records: readonly { id: string }[], groups: readonly { id: string; recordIds: readonly string[] }[]): string[] {
  const clusterOf = new Map<string, string>();
  for (const group of groups) for (const id of group.recordIds) clusterOf.set(id, group.id);
  return records.map((r) => clusterOf.get(r.id) ?? `single:${r.id}`);
}
