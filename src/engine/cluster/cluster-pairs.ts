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
  for (const [a, b] of dismissed) {
    conflicts.set(a, [...(conflicts.get(a) ?? []), b]);
    conflicts.set(b, [...(conflicts.get(b) ?? []), a]);
  }
  // Ties broken by the pair's ids, smaller first, compared as strings without building any.
  const low = (k: number) => (ids[left[k]!]! < ids[right[k]!]! ? ids[left[k]!]! : ids[right[k]!]!);
  const high = (k: number) => (ids[left[k]!]! < ids[right[k]!]! ? ids[right[k]!]! : ids[left[k]!]!);
  const order = Array.from(accepted).sort((a, b) => {
    const byWeight = weights[b]! - weights[a]!;
    if (byWeight !== 0) return byWeight;
    const la = low(a);
    const lb = low(b);
    if (la !== lb) return la < lb ? -1 : 1;
    const ha = high(a);
    const hb = high(b);
    return ha < hb ? -1 : ha > hb ? 1 : 0;
  });
  const parent = new Int32Array(size).map((_, i) => i);
  const groupSize = new Int32Array(size).fill(1);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const members = new Map<number, number[]>();
  const membersOf = (root: number) => members.get(root) ?? [root];
  // A merge is refused when any candidate pair across the two groups says "distinct".
  const clash = (a: number, b: number) => {
    const [small, other] = membersOf(a).length <= membersOf(b).length ? [a, b] : [b, a];
    for (const x of membersOf(small)) for (const y of conflicts.get(x) ?? []) if (find(y) === other) return true;
    if (together) for (const x of membersOf(small)) for (const y of membersOf(other)) if (!together(x, y)) return true;
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
    members.set(root, [...membersOf(root), ...membersOf(child)]);
    members.delete(child);
    used.push(k);
  }
  const byRoot = new Map<number, Cluster>();
  for (const k of used) {
    const root = find(left[k]!);
    let cluster = byRoot.get(root);
    if (!cluster) byRoot.set(root, (cluster = { members: [], links: [] }));
    cluster.links.push(k);
  }
  for (let i = 0; i < size; i++) {
    const cluster = byRoot.get(find(i));
    if (cluster) cluster.members.push(i);
  }
  return { clusters: [...byRoot.values()], report: { linksRefused, linksRefusedForConflict } };
}

/**
 * Candidate pairs whose fields, taken together, speak against a match (weight below the
 * prior: a Bayes factor under 1), among records that have an accepted link. A pair that
 * merely lacks evidence is no conflict.
 */
function conflictsAmong(size: number, left: Int32Array, right: Int32Array, weights: Float64Array, accepted: Uint32Array, priorWeight: number): Map<number, number[]> {
  // A flag per record rather than a set: every candidate pair below the prior is checked.
  const linked = new Uint8Array(size);
  for (let a = 0; a < accepted.length; a++) {
    linked[left[accepted[a]!]!] = 1;
    linked[right[accepted[a]!]!] = 1;
  }
  const conflicts = new Map<number, number[]>();
  const add = (x: number, y: number) => {
    const list = conflicts.get(x);
    if (list) list.push(y);
    else conflicts.set(x, [y]);
  };
  for (let k = 0; k < weights.length; k++) {
    if (weights[k]! >= priorWeight || linked[left[k]!] === 0 || linked[right[k]!] === 0) continue;
    add(left[k]!, right[k]!);
    add(right[k]!, left[k]!);
  }
  return conflicts;
}
