/**
 * A similarity between two values, computed once per pair of distinct values. First
 * names, surnames, cities and company names repeat across a million records, so most of
 * the pairs a scan compares share their values with an earlier pair, and two lookups cost
 * far less than Jaro-Winkler. Not for columns of unique values (emails): nothing recurs.
 */
export function memoizedSimilarity(similarity: (a: string, b: string) => number): (a: string, b: string) => number {
  const codeOf = new Map<string, number>();
  const table = new PairTable();
  const code = (value: string) => {
    let known = codeOf.get(value);
    if (known === undefined && codeOf.size < MAX_SLOTS) codeOf.set(value, (known = codeOf.size));
    return known;
  };
  return (x, y) => {
    // One order of the two values whatever the order of the records: Jaro-Winkler is not quite symmetric.
    const a = x <= y ? x : y;
    const b = x <= y ? y : x;
    const ca = code(a);
    const cb = code(b);
    if (ca === undefined || cb === undefined) return similarity(a, b);
    const known = table.get(ca, cb);
    if (!Number.isNaN(known)) return known;
    const value = similarity(a, b);
    table.set(ca, cb, value);
    return value;
  };
}

/** Most entries a table keeps (48 MB): past that, new pairs are computed and not kept. */
const MAX_SLOTS = 1 << 22;

/** Open addressing over two int keys: no object or string per entry, so no garbage. */
class PairTable {
  private slots = 1 << 12;
  private left = new Int32Array(this.slots).fill(-1);
  private right = new Int32Array(this.slots);
  private values = new Float64Array(this.slots);
  private size = 0;

  get(a: number, b: number): number {
    const mask = this.slots - 1;
    for (let s = hash(a, b) & mask; ; s = (s + 1) & mask) {
      const key = this.left[s]!;
      if (key === -1) return Number.NaN;
      if (key === a && this.right[s] === b) return this.values[s]!;
    }
  }

  set(a: number, b: number, value: number): void {
    if (this.size * 2 >= this.slots) {
      if (this.slots >= MAX_SLOTS) return;
      this.grow();
    }
    const mask = this.slots - 1;
    let s = hash(a, b) & mask;
    while (this.left[s] !== -1) s = (s + 1) & mask;
    this.left[s] = a;
    this.right[s] = b;
    this.values[s] = value;
    this.size++;
  }

  private grow(): void {
    const { left, right, values } = this;
    this.slots *= 2;
    this.left = new Int32Array(this.slots).fill(-1);
    this.right = new Int32Array(this.slots);
    this.values = new Float64Array(this.slots);
    this.size = 0;
    for (let s = 0; s < left.length; s++) if (left[s] !== -1) this.set(left[s]!, right[s]!, values[s]!);
  }
}

function hash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}
