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
  /** blockOf[r][i]: record i's block under rule r, -1 without a key (a hash collision may merge two keys' blocks). */
  blockOf: Int32Array[];
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
  /**
   * Per rule that ran: each record's block (-1 without a key) and, in a windowed block,
   * its position in the window's order (-1 in a block compared in full).
   */
  const earlier: { blockOf: Int32Array; position: Int32Array; window: number }[] = [];
  const blockOfRule: Int32Array[] = [];
  const buffer = new PairBuffer();
  const report: BlockingReport = { pairCount: 0, byRule: [], cappedBlocks: 0, pairsSkipped: 0 };

  for (const rule of rules) {
    const { blockOf, blockSizes } = assignBlocks(size, rule);
    blockOfRule.push(blockOf);
    const stats = { rule: rule.name, blocks: 0, pairs: 0, cappedBlocks: 0, pairsSkipped: 0, skippedAsTooBroad: false };
    const cap = blockCap(blockSizes, maxBlockSize, ruleBudget, rule.broad === true);
    if (cap === 0) {
      stats.skippedAsTooBroad = true;
      report.byRule.push(stats);
      continue;
    }
    const window = Math.max(2, Math.floor(cap / 4));
    const previous = [...earlier];
    const position = new Int32Array(size).fill(-1);
    earlier.push({ blockOf, position, window });
    // An earlier rule produced the pair if they shared a block it compared in full, or sat
    // within one window of each other in a block it windowed.
    const sharedEarlier = (a: number, b: number) => {
      for (const rule of previous) {
        if (rule.blockOf[a] === -1 || rule.blockOf[a] !== rule.blockOf[b]) continue;
        if (rule.position[a] === -1 || Math.abs(rule.position[a]! - rule.position[b]!) <= rule.window) return true;
      }
      return false;
    };
    const emit = (a: number, b: number) => {
      if (sharedEarlier(a, b) || excluded?.(a, b)) return;
      buffer.push(a, b);
      stats.pairs++;
    };
    // Members of every block side by side (counting sort), in record order within a block.
    const offsets = new Int32Array(blockSizes.length + 1);
    for (let block = 0; block < blockSizes.length; block++) offsets[block + 1] = offsets[block]! + blockSizes[block]!;
    const fill = offsets.slice(0, blockSizes.length);
    const members = new Int32Array(offsets[blockSizes.length]!);
    for (let i = 0; i < size; i++) if (blockOf[i]! >= 0) members[fill[blockOf[i]!]!++] = i;

    for (let block = 0; block < blockSizes.length; block++) {
      const n = blockSizes[block]!;
      if (n < 2) continue;
      stats.blocks++;
      const from = offsets[block]!;
      if (n <= cap) {
        for (let x = from; x < from + n; x++) for (let y = x + 1; y < from + n; y++) emit(members[x]!, members[y]!);
        continue;
      }
      stats.cappedBlocks++;
      const sorted = Array.from(members.subarray(from, from + n));
      const sortKey = rule.sortKey;
      if (sortKey) {
        const keyOf = new Map(sorted.map((m) => [m, sortKey(m)]));
        sorted.sort((a, b) => (keyOf.get(a)! < keyOf.get(b)! ? -1 : keyOf.get(a)! > keyOf.get(b)! ? 1 : a - b));
      }
      for (let x = 0; x < n; x++) position[sorted[x]!] = x;
      let compared = 0;
      for (let x = 0; x < n; x++) {
        const end = Math.min(n, x + window + 1);
        for (let y = x + 1; y < end; y++) {
          emit(sorted[x]!, sorted[y]!);
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
  return { left: buffer.left.subarray(0, buffer.count), right: buffer.right.subarray(0, buffer.count), count: buffer.count, report, blockOf: blockOfRule };
}

/**
 * Numbers the distinct keys of a rule by sorting 32-bit hashes of them: no map of a
 * million strings. Two keys whose hashes collide share a block, which costs a few extra
 * comparisons and loses no pair.
 */
function assignBlocks(size: number, rule: BlockingRule): { blockOf: Int32Array; blockSizes: number[] } {
  // hash * 2^21 + index keeps a Float64 exact and sortable, up to 2^21 records a rule.
  const canPack = size < 2 ** 21;
  const packed = new Float64Array(size);
  let keyed = 0;
  const byKey = canPack ? null : new Map<string, number>();
  const blockOf = new Int32Array(size).fill(-1);
  const blockSizes: number[] = [];
  for (let i = 0; i < size; i++) {
    const key = rule.key(i);
    if (key === null || key === '') continue;
    if (byKey) {
      let block = byKey.get(key);
      if (block === undefined) byKey.set(key, (block = blockSizes.push(0) - 1));
      blockOf[i] = block;
      blockSizes[block]!++;
    } else packed[keyed++] = hash32(key) * 2 ** 21 + i;
  }
  if (byKey) return { blockOf, blockSizes };
  const sorted = packed.subarray(0, keyed).sort();
  let previousHash = -1;
  for (let k = 0; k < keyed; k++) {
    const value = sorted[k]!;
    const hash = Math.floor(value / 2 ** 21);
    const record = value - hash * 2 ** 21;
    if (hash !== previousHash) {
      blockSizes.push(0);
      previousHash = hash;
    }
    blockOf[record] = blockSizes.length - 1;
    blockSizes[blockSizes.length - 1]!++;
  }
  return { blockOf, blockSizes };
}

/** FNV-1a over UTF-16 code units, as an unsigned 32-bit integer. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
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
