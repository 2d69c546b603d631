import { largeFloat64Array, largeIdentity, largeInt32Array, largeUint32Array, largeUint8Array } from '../large-arrays';

export interface Cluster {
  /** Record indexes, ascending. */
  members: number[];
  /** Indexes into the candidate pairs of the links that joined the cluster. */
  links: number[];
}

export interface ClusterReport {
  /** Links not used because they would have made a group larger than allowed. */
  linksRefused: number;
  /** Links not used because the two groups held a pair whose fields speak against a match. */
  linksRefusedForConflict: number;
}

/**
 * Connected components over accepted pairs, strongest link first, refusing any link that
 * would make a group larger than `maxGroupSize`: a chain of weak links (A~B~C~...~Z)
 * cannot glue unrelated records into one giant group. Ties are broken by record id, so
 * the result does not depend on the order of the input.
 */
export function clusterPairs(
  ids: readonly string[],
  left: Int32Array,
  right: Int32Array,
  weights: Float64Array,
  accepted: Uint32Array,
  maxGroupSize: number,
  priorWeight: number,
  /** Pairs a user dismissed: never in one group, not even through a third record. */
  dismissed: readonly (readonly [number, number])[] = [],
  /** Whether two records may share a group at all (see ObjectModel.apart): checked for every two members. */
  together?: (a: number, b: number) => boolean,
): { clusters: Cluster[]; report: ClusterReport } {
  const size = ids.length;
  const conflicts = conflictsAmong(size, left, right, weights, accepted, priorWeight);
  const dismissedOf = new Map<number, number[]>();
  for (const [a, b] of dismissed) {
    dismissedOf.set(a, [...(dismissedOf.get(a) ?? []), b]);
    dismissedOf.set(b, [...(dismissedOf.get(b) ?? []), a]);
  }
  // Ties broken by the pair's ids, smaller first, compared as strings without building any;
  // each accepted pair's weight and ids are looked up once, not at every comparison.
  const n = accepted.length;
  const linkWeight = largeFloat64Array(n);
  const lows: string[] = [];
  const highs: string[] = [];
  for (let x = 0; x < n; x++) {
    const k = accepted[x]!;
    const a = ids[left[k]!]!;
    const b = ids[right[k]!]!;
    linkWeight[x] = weights[k]!;
    lows.push(a < b ? a : b);
    highs.push(a < b ? b : a);
  }
  const ranked = Array.from({ length: n }, (_, x) => x).sort((x, y) => {
    const byWeight = linkWeight[y]! - linkWeight[x]!;
    if (byWeight !== 0) return byWeight;
    const lx = lows[x]!;
    const ly = lows[y]!;
    if (lx !== ly) return lx < ly ? -1 : 1;
    const hx = highs[x]!;
    const hy = highs[y]!;
    return hx < hy ? -1 : hx > hy ? 1 : 0;
  });
  const order = largeUint32Array(n);
  ranked.forEach((x, at) => (order[at] = accepted[x]!));
  const parent = largeIdentity(size);
  const groupSize = largeInt32Array(size).fill(1);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  // Each group's members as a list through `next` (-1 ends it) from its root, and its last
  // member: joining two groups links one list to the other, where a map of member arrays
  // copied both at every join (a few hundred thousand arrays and a map rehashed as it grew).
  const next = largeInt32Array(size).fill(-1);
  const tail = largeIdentity(size);
  // A merge is refused when any candidate pair across the two groups says "distinct".
  const clash = (a: number, b: number) => {
    const small = groupSize[a]! <= groupSize[b]! ? a : b;
    const other = small === a ? b : a;
    for (let x = small; x !== -1; x = next[x]!) {
      for (let t = conflicts.offsets[x]!; t < conflicts.offsets[x + 1]!; t++) if (find(conflicts.others[t]!) === other) return true;
      const apart = dismissedOf.get(x);
      if (apart) for (const y of apart) if (find(y) === other) return true;
    }
    if (together) for (let x = small; x !== -1; x = next[x]!) for (let y = other; y !== -1; y = next[y]!) if (!together(x, y)) return true;
    return false;
  };
  const used: number[] = [];
  let linksRefused = 0;
  let linksRefusedForConflict = 0;
  for (const k of order) {
    const a = find(left[k]!);
    const b = find(right[k]!);
    if (a === b) {
      used.push(k);
      continue;
    }
    if (groupSize[a]! + groupSize[b]! > maxGroupSize) {
      linksRefused++;
      continue;
    }
    if (clash(a, b)) {
      linksRefusedForConflict++;
      continue;
    }
    const [root, child] = a < b ? [a, b] : [b, a];
    parent[child] = root;
    groupSize[root]! += groupSize[child]!;
    next[tail[root]!] = child;
    tail[root] = tail[child]!;
    used.push(k);
  }
  // Clusters in order of their first used link, each root's found through an array, not a map.
  const clusterOf = largeInt32Array(size).fill(-1);
  const roots: number[] = [];
  const linkCounts: number[] = [];
  for (const k of used) {
    const root = find(left[k]!);
    let c = clusterOf[root]!;
    if (c === -1) {
      c = clusterOf[root] = roots.length;
      roots.push(root);
      linkCounts.push(0);
    }
    linkCounts[c]!++;
  }
  // Each cluster's arrays made at their size and filled: pushed into, a million small arrays
  // each reserved room for sixteen, and every one lived to the end of the scan.
  const clusters: Cluster[] = roots.map((root, c) => ({ members: new Array<number>(groupSize[root]!), links: new Array<number>(linkCounts[c]!) }));
  const filled = largeInt32Array(roots.length);
  for (const k of used) {
    const c = clusterOf[find(left[k]!)]!;
    clusters[c]!.links[filled[c]!++] = k;
  }
  filled.fill(0);
  for (let i = 0; i < size; i++) {
    const c = clusterOf[find(i)]!;
    if (c !== -1) clusters[c]!.members[filled[c]!++] = i;
  }
  return { clusters, report: { linksRefused, linksRefusedForConflict } };
}

/**
 * Candidate pairs whose fields, taken together, speak against a match (weight below the
 * prior: a Bayes factor under 1), among records that have an accepted link. A pair that
 * merely lacks evidence is no conflict.
 */
function conflictsAmong(size: number, left: Int32Array, right: Int32Array, weights: Float64Array, accepted: Uint32Array, priorWeight: number): { offsets: Int32Array; others: Int32Array } {
  // A flag per record rather than a set: every candidate pair below the prior is checked.
  const linked = largeUint8Array(size);
  for (let a = 0; a < accepted.length; a++) {
    linked[left[accepted[a]!]!] = 1;
    linked[right[accepted[a]!]!] = 1;
  }
  const conflicting = (k: number) => !(weights[k]! >= priorWeight) && linked[left[k]!] === 1 && linked[right[k]!] === 1;
  // Each record's conflicts side by side (counting sort): record x's at others[offsets[x]..offsets[x + 1]).
  const offsets = largeInt32Array(size + 1);
  for (let k = 0; k < weights.length; k++) {
    if (!conflicting(k)) continue;
    offsets[left[k]! + 1]!++;
    offsets[right[k]! + 1]!++;
  }
  for (let x = 0; x < size; x++) offsets[x + 1]! += offsets[x]!;
  const others = largeInt32Array(offsets[size]!);
  const fill = largeInt32Array(size);
  fill.set(offsets.subarray(0, size));
  for (let k = 0; k < weights.length; k++) {
    if (!conflicting(k)) continue;
    others[fill[left[k]!]!++] = right[k]!;
    others[fill[right[k]!]!++] = left[k]!;
  }
  return { offsets, others };
}
