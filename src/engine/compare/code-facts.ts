import { CEILING_MARGIN, jaroWinklerCeilingOf, letterMask } from './similarity';

/*
 * Facts of each distinct value of a dictionary (a name's letters, its formal name, its sound),
 * by code, worked out on first use: comparing reads them for millions of pairs of a few
 * thousand names, and a lookup by code costs less than the work or a Map lookup by text. A
 * code's value never changes; values may be added (a matched record's new name), so the
 * tables grow.
 */

/**
 * Each value's letter mask (see letterMask) and length by its code: together they bound
 * Jaro-Winkler and the edit distance of two values without reading either.
 */
export class LetterFacts {
  private masks: Int32Array;
  private lengths: Int32Array;

  constructor(private readonly values: readonly string[]) {
    this.masks = new Int32Array(values.length + 1);
    this.lengths = new Int32Array(values.length + 1);
  }

  mask(code: number): number {
    if (code >= this.masks.length) this.grow(code + 1);
    let mask = this.masks[code]!;
    // 0 is also the mask of '', which is no work to find again.
    if (mask === 0) {
      const value = this.values[code]!;
      this.masks[code] = mask = letterMask(value);
      this.lengths[code] = value.length;
    }
    return mask;
  }

  /** The value's length, once its mask has been asked for. */
  length(code: number): number {
    return this.lengths[code]!;
  }

  /**
   * Whether Jaro-Winkler of two values may reach `threshold`, by their masks and lengths
   * alone (see jaroWinklerCeilingOf): false rules the pair out.
   */
  mayReach(a: number, b: number, threshold: number): boolean {
    const maskA = this.mask(a);
    const maskB = this.mask(b);
    return jaroWinklerCeilingOf(maskA, this.lengths[a]!, maskB, this.lengths[b]!) >= threshold - CEILING_MARGIN;
  }

  private grow(size: number): void {
    const masks = new Int32Array(Math.max(size, this.masks.length * 2));
    const lengths = new Int32Array(masks.length);
    masks.set(this.masks);
    lengths.set(this.lengths);
    this.masks = masks;
    this.lengths = lengths;
  }
}

/** What `derive` makes of each value, by its code. */
export function codeFacts<T>(values: readonly string[], derive: (value: string) => T): (code: number) => T {
  const facts = new Array<T | undefined>(values.length);
  return (code) => {
    let fact = facts[code];
    if (fact === undefined) facts[code] = fact = derive(values[code]!);
    return fact;
  };
}
