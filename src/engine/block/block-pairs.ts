import type { BlockingRule } from '../types';
import { computeKeys } from './keys';
import { largeInt32Array, largeUint32Array, largeUint8Array } from '../large-arrays';

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
  /**
   * Per pair, bit r set when its two records share a block of rule r (a hash collision
   * may merge two keys' blocks): which training sessions it belongs to.
   */
  sharedRules: Uint32Array;
}

/** Most bytes one growable array of pairs reserves: a little under 2 GiB, V8's limit. */
const MAX_SEGMENT_BYTES = 2 ** 31 - 8;

/** Pairs one segment of a PairBuffer holds at most, for the pairs blocking may find. */
function segmentCapacity(expected: number): number {
  return Math.floor(Math.min(MAX_SEGMENT_BYTES, Math.max(1 << 16, expected) * 4) / 4);
}

/**
 * Pairs in growable memory: millions of pairs without millions of objects, no copying as
 * they grow, and none at the end. Each segment reserves address space for every pair
 * blocking may find and takes memory only as pairs fill it, so the result is a view of it:
 * pairs gathered in chunks and copied into one array at the end were held twice while the
 * workers compared them (a third of a gigabyte at five million records). Pairs beyond one
 * segment start another, and only then are they copied at the end.
 */
class PairBuffer {
  private readonly segments: { left: Int32Array; right: Int32Array; rules: Uint32Array; count: number }[] = [];
  private segment: PairBuffer['segments'][number] | null = null;
  /** Pairs handed out so far (see `take`). */
  private taken = 0;
  count = 0;
  /** Pairs a segment holds at most (see segmentCapacity). */
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity));
  }

  /** A pair and the rules whose blocks its records share (see CandidatePairs.sharedRules). */
  push(a: number, b: number, rules: number) {
    let segment = this.segment;
    if (segment === null || segment.count === segment.left.length) segment = this.grow();
    const at = segment.count++;
    segment.left[at] = a < b ? a : b;
    segment.right[at] = a < b ? b : a;
    segment.rules[at] = rules;
    this.count++;
  }

  /**
   * Room for more pairs: the segment's memory grown in place, its views made anew (views
   * of a fixed length: JavaScript reads them as fast as any, where views that follow a
   * buffer's growth are ten times slower), in a new segment when this one is full.
   */
  private grow(): PairBuffer['segments'][number] {
    let segment = this.segment;
    if (segment === null || segment.count === this.capacity) {
      // In shared memory: pairs handed out before the end (`take`) are read in place by workers.
      const memory = { maxByteLength: this.capacity * 4 };
      segment = { left: new Int32Array(new SharedArrayBuffer(0, memory)), right: new Int32Array(new SharedArrayBuffer(0, memory)), rules: new Uint32Array(new ArrayBuffer(0, memory)), count: 0 };
      this.segments.push((this.segment = segment));
    }
    const length = Math.min(this.capacity, Math.max(1 << 12, segment.count * 2));
    const left = segment.left.buffer as SharedArrayBuffer;
    const right = segment.right.buffer as SharedArrayBuffer;
    const rules = segment.rules.buffer as ArrayBuffer;
    left.grow(length * 4);
    right.grow(length * 4);
    rules.resize(length * 4);
    segment.left = new Int32Array(left, 0, length);
    segment.right = new Int32Array(right, 0, length);
    segment.rules = new Uint32Array(rules, 0, length);
    return segment;
  }

  /** Pairs pushed since the last take. */
  get untaken(): number {
    return this.count - this.taken;
  }

  /**
   * The pairs pushed since the last take, as views of the segments that hold them (one a
   * segment), in shared memory: nothing is copied, and pushes after go past them.
   */
  take(): FoundPairs[] {
    const found: FoundPairs[] = [];
    let start = 0;
    for (const segment of this.segments) {
      const end = start + segment.count;
      const a = Math.max(this.taken, start);
      if (a < end) found.push({ left: segment.left.subarray(a - start, end - start), right: segment.right.subarray(a - start, end - start), count: end - a });
      start = end;
    }
    this.taken = this.count;
    return found;
  }

  /**
   * Every pair in order, as two arrays of exactly `count` in memory that worker threads
   * can share, and their shared rules: views of the one segment, or copies of several.
   */
  finish(): { left: Int32Array; right: Int32Array; sharedRules: Uint32Array } {
    const only = this.segments.length === 1 ? this.segments[0]! : null;
    if (only) return { left: only.left.subarray(0, only.count), right: only.right.subarray(0, only.count), sharedRules: only.rules.subarray(0, only.count) };
    const left = new Int32Array(new SharedArrayBuffer(this.count * 4));
    const right = new Int32Array(new SharedArrayBuffer(this.count * 4));
    const sharedRules = largeUint32Array(this.count);
    let at = 0;
    for (const segment of this.segments.splice(0)) {
      left.set(segment.left.subarray(0, segment.count), at);
      right.set(segment.right.subarray(0, segment.count), at);
      sharedRules.set(segment.rules.subarray(0, segment.count), at);
      at += segment.count;
    }
    return { left, right, sharedRules };
  }
}

/** Some candidate pairs, (left[k], right[k]) for k < count, in memory worker threads can share. */
export interface FoundPairs {
  left: Int32Array;
  right: Int32Array;
  count: number;
}

/**
 * Candidate pairs from several blocking rules. A pair that an earlier rule already
 * produced (its records share that rule's key) is skipped, so each pair appears once
 * without a global set. Blocks over `maxBlockSize` records are compared within a
 * sliding window of that size after sorting by the rule's sortKey, and reported.
 *
 * Big typed arrays are allocated once per call and reused by every rule: each new
 * backing store of megabytes counts towards V8's external memory, and every few dozen
 * megabytes of it cost a full garbage collection of the caller's heap (the records).
 */
export function blockPairs(
  size: number,
  rules: readonly BlockingRule[],
  maxBlockSize: number,
  excluded?: (a: number, b: number) => boolean,
  /** Every rule's key for every record, as computeKeys gives them, when worked out already. */
  precomputed?: Int32Array,
  /**
   * `liveSize`: records still in the dataset when some are gone (a rescan's, see
   * rescan/engine-state.ts; they have no keys). `ids`: ties in a windowed block go by id,
   * so pairs do not depend on the order records came in. `found`: receives each rule's new
   * pairs as soon as the rule is done (in order, in pieces, in shared memory: together they
   * are the result's), so that comparing them can start while later rules block.
   */
  order: {
    liveSize?: number;
    ids?: readonly string[];
    found?: (pairs: FoundPairs) => void;
    /** Pairs one segment of memory holds (room for every pair the rules may add): smaller only to test segments on small data. */
    segmentPairs?: number;
    /** Pairs found that are handed out before their rule ends (FOUND_PIECE): fewer only to test it on small data. */
    piecePairs?: number;
  } = {},
): CandidatePairs {
  // Pairs one rule may add: linear in the dataset size, so a million records stay tractable.
  const ruleBudget = Math.max(50_000, PAIRS_PER_RECORD * (order.liveSize ?? size));
  const ids = order.ids;
  const piecePairs = order.piecePairs ?? FOUND_PIECE;
  const R = rules.length;
  if (R > 32) throw new Error('At most 32 blocking rules');
  // Record i's key under rule r at keys[i * R + r], -1 without one: records share a block
  // when they share a key, and the check for pairs an earlier rule produced reads one
  // record's keys side by side.
  const keys = precomputed ?? computeKeys(rules, size);
  if (keys.length !== size * R) throw new Error('Blocking keys do not match the records and rules');
  // Record i's block under the rule at hand, -1 without a key.
  const blockOf = largeInt32Array(size);
  // Per rule that windowed some blocks: each record's place in its block's order, -1 in a block compared in full.
  const positions: (Int32Array | null)[] = [];
  const ran: boolean[] = [];
  const windows = new Int32Array(R);
  // Room for every pair the rules may add (see ruleBudget), as address space only.
  const buffer = new PairBuffer(order.segmentPairs ?? segmentCapacity(ruleBudget * R + size));
  const report: BlockingReport = { pairCount: 0, byRule: [], cappedBlocks: 0, pairsSkipped: 0 };
  const scratch = new BlockScratch(size);
  // Each record's side under each two-sided rule, asked once.
  const sides = rules.map((rule) => {
    if (!rule.side) return null;
    const out = largeUint8Array(size);
    for (let i = 0; i < size; i++) out[i] = rule.side(i);
    return out;
  });
  rules.forEach((rule, r) => {
    const blockCount = assignBlocks(size, keys, r, R, scratch, blockOf);
    const blockSizes = scratch.blockSizes.subarray(0, blockCount);
    const stats = { rule: rule.name, blocks: 0, pairs: 0, cappedBlocks: 0, pairsSkipped: 0, skippedAsTooBroad: false };
    const side = sides[r];
    let crossPairs: Float64Array | null = null;
    if (side) {
      // Pairs a block of a two-sided rule holds: one side times the other.
      const ones = new Int32Array(blockCount);
      for (let i = 0; i < size; i++) if (blockOf[i]! >= 0 && side[i] === 1) ones[blockOf[i]!]!++;
      crossPairs = Float64Array.from(ones, (n1, block) => n1 * (blockSizes[block]! - n1));
    }
    const cap = blockCap(blockSizes, crossPairs, maxBlockSize, ruleBudget, rule.broad === true);
    ran.push(cap > 0);
    let windowed = false;
    for (let block = 0; block < blockCount && !windowed; block++) windowed = blockSizes[block]! > cap;
    const position = cap > 0 && windowed ? largeInt32Array(size).fill(-1) : null;
    positions.push(position);
    if (cap === 0) {
      stats.skippedAsTooBroad = true;
      report.byRule.push(stats);
      return;
    }
    const window = Math.max(2, Math.floor(cap / 4));
    windows[r] = window;
    // An earlier rule produced the pair if they shared a block it compared in full, or sat
    // within one window of each other in a block it windowed (and, for a two-sided rule,
    // sat on different sides).
    const earlier = Int32Array.from(ran.flatMap((didRun, q) => (didRun && q < r ? [q] : [])));
    const earlierSides = Array.from(earlier, (q) => sides[q]);
    const sharedEarlier = (a: number, b: number) => {
      const at = a * R;
      const bt = b * R;
      for (let e = 0; e < earlier.length; e++) {
        const q = earlier[e]!;
        const key = keys[at + q]!;
        if (key === -1 || key !== keys[bt + q]) continue;
        const earlierSide = earlierSides[e];
        if (earlierSide && earlierSide[a] === earlierSide[b]) continue;
        const position = positions[q];
        if (!position || position[a] === -1 || Math.abs(position[a]! - position[b]!) <= windows[q]!) return true;
      }
      return false;
    };
    // The rules whose blocks a new pair's records share, read while their keys are at hand
    // (sharedEarlier just read them), not in a pass over every pair at the end.
    const sharedRules = (a: number, b: number) => {
      const at = a * R;
      const bt = b * R;
      let mask = 0;
      for (let q = 0; q < R; q++) {
        const key = keys[at + q]!;
        if (key !== -1 && key === keys[bt + q]) mask |= 1 << q;
      }
      return mask >>> 0;
    };
    const emit = (a: number, b: number) => {
      if ((side && side[a] === side[b]) || sharedEarlier(a, b) || excluded?.(a, b)) return;
      buffer.push(a, b, sharedRules(a, b));
      stats.pairs++;
    };
    // Members of every block side by side (counting sort), in record order within a block.
    const offsets = scratch.offsets;
    const members = scratch.members;
    offsets[0] = 0;
    for (let block = 0; block < blockCount; block++) offsets[block + 1] = offsets[block]! + blockSizes[block]!;
    const fill = scratch.fill;
    fill.set(offsets.subarray(0, blockCount));
    for (let i = 0; i < size; i++) {
      const block = blockOf[i]!;
      if (block >= 0) members[fill[block]!++] = i;
    }
    for (let block = 0; block < blockCount; block++) {
      // Handed out as they come within a rule too: a rule of millions of pairs left the
      // comparing threads idle for a third of blocking at five million records.
      if (order.found && buffer.untaken >= piecePairs) for (const found of buffer.take()) order.found(found);
      const n = blockSizes[block]!;
      if (n < 2) continue;
      stats.blocks++;
      const from = offsets[block]!;
      if (n <= cap) {
        if (side) {
          // Across the sides only: a block of namesakes written alike holds no pair.
          for (let x = from; x < from + n; x++) {
            const a = members[x]!;
            for (let y = x + 1; y < from + n; y++) if (side[members[y]!] !== side[a]) emit(a, members[y]!);
          }
        } else for (let x = from; x < from + n; x++) for (let y = x + 1; y < from + n; y++) emit(members[x]!, members[y]!);
        continue;
      }
      stats.cappedBlocks++;
      let sorted = members.subarray(from, from + n);
      const sortKey = rule.sortKey;
      if (sortKey) {
        // Places in the block sorted by their members' keys, read from an array beside
        // them: no map of member to key, no pair array an entry. Ties go by id when known.
        const keys = Array.from(sorted, sortKey);
        const inBlock = sorted;
        const order = Array.from({ length: n }, (_, x) => x).sort((x, y) => {
          const kx = keys[x]!;
          const ky = keys[y]!;
          if (kx !== ky) return kx < ky ? -1 : 1;
          const a = inBlock[x]!;
          const b = inBlock[y]!;
          return ids ? (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0) : a - b;
        });
        sorted = Int32Array.from(order, (x) => inBlock[x]!);
      }
      for (let x = 0; x < n; x++) position![sorted[x]!] = x;
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
    if (order.found && stats.pairs > 0) for (const found of buffer.take()) order.found(found);
  });
  report.pairCount = buffer.count;
  const { left, right, sharedRules } = buffer.finish();
  return { left, right, count: buffer.count, report, sharedRules };
}

/** Pairs found that are handed out (see blockPairs' `found`) before their rule is done. */
const FOUND_PIECE = 1 << 18;

/** Working arrays of blocking, one set for every rule. */
class BlockScratch {
  /**
   * Open addressing from key to block: each slot a key (-1 empty) and its block side by
   * side, so that a lookup reads one place at random, not two.
   */
  readonly slots: Int32Array;
  readonly blockSizes: Int32Array;
  readonly offsets: Int32Array;
  readonly fill: Int32Array;
  readonly members: Int32Array;

  constructor(size: number) {
    let slots = 1024;
    while (slots < size * 2) slots *= 2;
    this.slots = largeInt32Array(slots * 2);
    this.blockSizes = largeInt32Array(size);
    this.offsets = largeInt32Array(size + 1);
    this.fill = largeInt32Array(size);
    this.members = largeInt32Array(size);
  }
}

/**
 * Numbers the distinct keys of rule r, in order of first appearance, with a table from
 * key to block: no map of a million keys. Two keys whose hashes collide share a block
 * (at a million distinct keys, a few hundred pairs of keys a rule): a few extra
 * comparisons, and should the joined block pass the size cap, a window where the two
 * would each have been compared whole. Deterministic either way. Each record's block goes to
 * blockOf, block sizes to scratch.blockSizes; returns the number of blocks.
 */
function assignBlocks(size: number, keys: Int32Array, r: number, rules: number, scratch: BlockScratch, blockOf: Int32Array): number {
  const { slots, blockSizes } = scratch;
  slots.fill(-1);
  const mask = (slots.length >> 1) - 1;
  let blockCount = 0;
  for (let i = 0; i < size; i++) {
    const key = keys[i * rules + r]!;
    if (key < 0) {
      blockOf[i] = -1;
      continue;
    }
    // Keys are hashes already: mixed once more, their low bits index the table.
    let at = ((Math.imul(key, 0x9e3779b1) >>> 0) & mask) << 1;
    while (slots[at] !== key && slots[at] !== -1) at = (at + 2) & (slots.length - 1);
    if (slots[at] === -1) {
      slots[at] = key;
      slots[at + 1] = blockCount;
      blockSizes[blockCount++] = 0;
    }
    const block = slots[at + 1]!;
    blockOf[i] = block;
    blockSizes[block]!++;
  }
  return blockCount;
}

/** Candidate pairs a rule may add per record before its big blocks are windowed. */
const PAIRS_PER_RECORD = 2;
/** Smallest block size cap worth running a rule with. */
const MIN_CAP = 8;

/**
 * The largest block size (up to `maxBlockSize`) at which the rule's pairs stay within
 * `budget`, counting blocks above it as windowed (and, for a two-sided rule, blocks
 * below it by their pairs across sides). A broad rule over budget is skipped (0);
 * any other runs at the smallest cap at worst.
 */
function blockCap(sizes: Int32Array, crossPairs: Float64Array | null, maxBlockSize: number, budget: number, broad: boolean): number {
  const pairsAt = (cap: number) => {
    const window = Math.max(2, Math.floor(cap / 4));
    let total = 0;
    for (let block = 0; block < sizes.length; block++) {
      const n = sizes[block]!;
      total += n > cap ? n * window : crossPairs ? crossPairs[block]! : (n * (n - 1)) / 2;
    }
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
