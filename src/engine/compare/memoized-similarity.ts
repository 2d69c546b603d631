/**
 * A similarity between two values of one dictionary, computed once per pair of distinct
 * values and looked up by their codes. First names, surnames, cities and company names
 * repeat across a million records, so most of the pairs a scan compares share their
 * values with an earlier pair, and a lookup costs far less than Jaro-Winkler. Not for
 * columns of unique values (emails): nothing recurs.
 */
export function memoizedSimilarity(values: readonly string[], similarity: (a: string, b: string) => number): (a: number, b: number) => number {
  // One order of the two values whatever the order of the records or their codes.
  return memoizedByCodes(inOneOrder(values, similarity));
}

/**
 * A measure of two codes kept per pair of codes, as memoizedSimilarity keeps one of two
 * values: for dictionaries too large for levelTable whose pairs recur (a company's name
 * across its branches and copies).
 */
export function memoizedByCodes(measure: (x: number, y: number) => number): (x: number, y: number) => number {
  const table = new PairTable();
  return (x, y) => {
    const ca = x < y ? x : y;
    const cb = x < y ? y : x;
    const known = table.get(ca, cb);
    if (!Number.isNaN(known)) return known;
    const value = measure(ca, cb);
    table.set(ca, cb, value);
    return value;
  };
}

/** Most values a dictionary has for levelTable's table of every pair (a byte each: 16 MB at most, only the pages of pairs met filled). */
const DENSE_VALUES = 4096;

/**
 * A measure of two codes whose results are small whole numbers (0 to 254: a level, a yes
 * or no), kept for every pair of the first `count` codes of a dictionary of few values
 * (cities, job titles): a byte at the pair's place costs less to read than a hash of the
 * pair probing a table of millions. Codes from `count` on (values added later, as a record
 * matched against an index adds them) and dictionaries of more values go to `beyond`.
 */
export function levelTable(count: number, level: (x: number, y: number) => number, beyond = level): (x: number, y: number) => number {
  if (count > DENSE_VALUES) return beyond;
  // Each pair's level + 1, 0 until worked out.
  const table = new Uint8Array(count * count);
  return (x, y) => {
    if (x >= count || y >= count) return beyond(x, y);
    const slot = x < y ? x * count + y : y * count + x;
    let known = table[slot]!;
    if (known === 0) table[slot] = known = level(x, y) + 1;
    return known - 1;
  };
}

/** A measure of two values by their codes, taken in one order whatever the order of the records or their codes. */
export function inOneOrder(values: readonly string[], similarity: (a: string, b: string) => number): (x: number, y: number) => number {
  return (x, y) => {
    const a = values[x]!;
    const b = values[y]!;
    return a <= b ? similarity(a, b) : similarity(b, a);
  };
}

/** Most slots a table has (half of them filled, 16 MB): past that, new pairs are computed and not kept. */
const MAX_SLOTS = 1 << 20;

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
