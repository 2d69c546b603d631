/**
 * Which candidate pair (a, b) was, by its index in the kept pair arrays: an open-addressing
 * table of indexes, as a Map of a million numeric keys costs several times the time.
 */
export class PairTable {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly left: Int32Array,
    private readonly right: Int32Array,
    count: number,
  ) {
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    for (let k = 0; k < count; k++) {
      let slot = slotOf(left[k]!, right[k]!) & this.mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot] = k;
    }
  }

  /** The index of pair (a, b), a < b, or -1. */
  find(a: number, b: number): number {
    for (let slot = slotOf(a, b) & this.mask; ; slot = (slot + 1) & this.mask) {
      const k = this.slots[slot]!;
      if (k === -1) return -1;
      if (this.left[k] === a && this.right[k] === b) return k;
    }
  }
}

function slotOf(a: number, b: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b);
  return (h ^ (h >>> 15)) >>> 0;
}
