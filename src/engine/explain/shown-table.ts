import type { Comparison, EngineRecord } from '../types';
import { shown, type ShownValues } from './explain-pair';
import { largeInt32Array } from '../large-arrays';

/** The groups' members, ascending. */
export function memberIndexes(clusters: readonly { members: readonly number[] }[]): Int32Array {
  const count = clusters.reduce((sum, cluster) => sum + cluster.members.length, 0);
  const out = largeInt32Array(count);
  let at = 0;
  for (const cluster of clusters) for (const member of cluster.members) out[at++] = member;
  return out.sort();
}

/** Members read again at a time: few enough that the records read die young. */
const MEMBERS_READ = 4_096;

/**
 * What the groups' members show in explanations: their values as typed, one string per
 * member and comparison, which the result keeps rather than the records. The members are
 * read again a slice at a time (`indexesFrom`, then `add`): read at once, the million or
 * more of a large scan lived until the last was shown, and kept as records through
 * explaining, they were traced by every full collection.
 */
export class ShownTable {
  /** Every property some comparison reads: what a member is read again for. */
  readonly properties: string[];
  /** Member i's values at values[slots[i] * count + c]. */
  private readonly slots: Int32Array;
  private readonly values: string[];
  /** Each comparison's properties (the comparisons themselves hold columns the result must not keep). */
  private readonly shownProperties: string[][];

  constructor(
    /** The members, ascending. */
    private readonly indexes: Int32Array,
    comparisons: readonly Comparison[],
    /** Members read at a time. */
    readonly slice = MEMBERS_READ,
  ) {
    this.shownProperties = comparisons.map((comparison) => [...comparison.properties]);
    this.properties = [...new Set(this.shownProperties.flat())];
    this.slots = largeInt32Array(indexes.length === 0 ? 0 : indexes[indexes.length - 1]! + 1).fill(-1);
    this.values = new Array<string>(indexes.length * comparisons.length);
  }

  /** The record indexes of the slice of members starting at member `from`. */
  indexesFrom(from: number): number[] {
    return Array.from(this.indexes.subarray(from, from + this.slice));
  }

  /** The records at indexesFrom(from), read again. */
  add(from: number, read: readonly EngineRecord[]): void {
    const wanted = Math.min(this.slice, this.indexes.length - from);
    if (read.length !== wanted) throw new Error(`Read ${read.length} records again where ${wanted} were asked for`);
    const count = this.shownProperties.length;
    for (let k = 0; k < read.length; k++) {
      this.slots[this.indexes[from + k]!] = from + k;
      for (let c = 0; c < count; c++) this.values[(from + k) * count + c] = shown(read[k]!, this.shownProperties[c]!);
    }
  }

  /** What record i shows for comparison c. */
  readonly shown: ShownValues = (i, c) => {
    const slot = this.slots[i] ?? -1;
    if (slot === -1) throw new Error(`Record ${i} is in no group: its values were not read again`);
    return this.values[slot * this.shownProperties.length + c]!;
  };
}
