import type { BlockingRule } from '../types';

export interface BlockingReport {
  /** Candidate pairs, each produced once whatever the number of rules that found it. */
  pairCount: number;
  byRule: { rule: string; blocks: number; pairs: number; cappedBlocks: number; pairsSkipped: number; skippedAsTooBroad: boolean }[];
  cappedBlocks: number;
  /** Pairs inside oversized blocks that the sliding window did not compare. */
  pairsSkipped: number;
}

export interface CandidatePairs {
  /** Record indexes: pair k is (left[k], right[k]) with left < right. */
  left: Int32Array;
  right: Int32Array;
  count: number;
  report: BlockingReport;
}

/** Growable pair buffer: millions of pairs without millions of objects. */
class PairBuffer {
  left = new Int32Array(1 << 16);
  right = new Int32Array(1 << 16);
  count = 0;
  push(a: number, b: number) {
    if (this.count === this.left.length) {
      const grow = (old: Int32Array) => {
        const next = new Int32Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.left = grow(this.left);
      this.right = grow(this.right);
    }
    this.left[this.count] = a < b ? a : b;
    this.right[this.count] = a < b ? b : a;
    this.count++;
  }
}

/**
 * Candidate pairs from several blocking rules. A pair that an earlier rule already
 * produced (its records share that rule's key) is skipped, so each pair appears once
 * without a global set. Blocks over `maxBlockSize` records are compared within a
 * sliding window of that size after sorting by the rule's sortKey, and reported.
 */
export function blockPairs(size: number, rules: readonly BlockingRule[], maxBlockSize: number, excluded?: (a: number, b: number) => boolean): CandidatePairs {
  // Pairs one rule may add: linear in the dataset size, so a million records stay tractable.
  const ruleBudget = Math.max(50_000, PAIRS_PER_RECORD * size);
  const keys: (string | null)[][] = [];
  const buffer = new PairBuffer();
  const report: BlockingReport = { pairCount: 0, byRule: [], cappedBlocks: 0, pairsSkipped: 0 };

  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r]!;
    const ruleKeys = new Array<string | null>(size);
    // Members of a block as a linked list: head per key, next per record. No arrays per block.
    const head = new Map<string, number>();
    const next = new Int32Array(size).fill(-1);
    const blockSize = new Map<string, number>();
    for (let i = size - 1; i >= 0; i--) {
      const key = rule.key(i);
      ruleKeys[i] = key;
      if (key === null || key === '') continue;
      const first = head.get(key);
      if (first !== undefined) next[i] = first;
      head.set(key, i);
      blockSize.set(key, (blockSize.get(key) ?? 0) + 1);
    }
    const stats = { rule: rule.name, blocks: 0, pairs: 0, cappedBlocks: 0, pairsSkipped: 0, skippedAsTooBroad: false };
    const cap = blockCap([...blockSize.values()], maxBlockSize, ruleBudget, rule.broad === true);
    if (cap === 0) {
      stats.skippedAsTooBroad = true;
      report.byRule.push(stats);
      continue;
    }
    const window = Math.max(2, Math.floor(cap / 4));
    const earlier = keys.length;
    keys.push(ruleKeys);
    const sharedEarlier = (a: number, b: number) => {
      for (let q = 0; q < earlier; q++) {
        const ka = keys[q]![a];
        if (ka !== null && ka !== '' && ka === keys[q]![b]) return true;
      }
      return false;
    };
    const emit = (a: number, b: number) => {
      if (sharedEarlier(a, b) || excluded?.(a, b)) return;
      buffer.push(a, b);
      stats.pairs++;
    };
    for (const [key, first] of head) {
      const n = blockSize.get(key)!;
      if (n < 2) continue;
      stats.blocks++;
      const members: number[] = [];
      for (let i = first; i !== -1; i = next[i]!) members.push(i);
      if (n <= cap) {
        for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) emit(members[x]!, members[y]!);
        continue;
      }
      stats.cappedBlocks++;
      const sortKey = rule.sortKey;
      if (sortKey) {
        const sortKeys = new Map(members.map((m) => [m, sortKey(m)]));
        members.sort((a, b) => (sortKeys.get(a)! < sortKeys.get(b)! ? -1 : sortKeys.get(a)! > sortKeys.get(b)! ? 1 : a - b));
      }
      let compared = 0;
      for (let x = 0; x < n; x++) {
        const end = Math.min(n, x + window + 1);
        for (let y = x + 1; y < end; y++) {
          emit(members[x]!, members[y]!);
          compared++;
        }
      }
      stats.pairsSkipped += (n * (n - 1)) / 2 - compared;
    }
    report.byRule.push(stats);
    report.cappedBlocks += stats.cappedBlocks;
    report.pairsSkipped += stats.pairsSkipped;
  }
  report.pairCount = buffer.count;
  return { left: buffer.left.subarray(0, buffer.count), right: buffer.right.subarray(0, buffer.count), count: buffer.count, report };
}

/** Candidate pairs a rule may add per record before its big blocks are windowed. */
const PAIRS_PER_RECORD = 3;
/** Smallest block size cap worth running a rule with. */
const MIN_CAP = 8;

/**
 * The largest block size (up to `maxBlockSize`) at which the rule's pairs stay within
 * `budget`, counting blocks above it as windowed. A broad rule over budget is skipped (0);
 * any other runs at the smallest cap at worst.
 */
function blockCap(sizes: readonly number[], maxBlockSize: number, budget: number, broad: boolean): number {
  const pairsAt = (cap: number) => {
    const window = Math.max(2, Math.floor(cap / 4));
    let total = 0;
    for (const n of sizes) total += n <= cap ? (n * (n - 1)) / 2 : n * window;
    return total;
  };
  if (pairsAt(maxBlockSize) <= budget) return maxBlockSize;
  if (broad) return 0;
  let low = MIN_CAP;
  let high = maxBlockSize;
  if (pairsAt(low) > budget) return low;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (pairsAt(middle) <= budget) low = middle;
    else high = middle;
  }
  return low;
}
