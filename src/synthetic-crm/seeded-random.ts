/** A small seeded PRNG (mulberry32): generated portals and fault decisions repeat for a seed. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = Math.trunc(seed) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** An item drawn with the given weights (need not sum to 1). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let x = this.next() * total;
    for (const [item, weight] of entries) {
      x -= weight;
      if (x < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }
}

/** Independent streams from one seed, so adding a property to one generator leaves the others as they were. */
export function streamSeed(seed: number, stream: string): number {
  let hash = Math.trunc(seed) ^ 0x9e3779b9;
  for (let i = 0; i < stream.length; i++) hash = Math.imul(hash ^ stream.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
