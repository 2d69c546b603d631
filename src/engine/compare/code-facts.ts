import { letterMask } from './similarity';

/*
 * Facts of each distinct value of a dictionary (a name's letters, its formal name, its sound),
 * by code, worked out on first use: comparing reads them for millions of pairs of a few
 * thousand names, and a lookup by code costs less than the work or a Map lookup by text. A
 * code's value never changes; values may be added (a matched record's new name), so the
 * tables grow.
 */

/** Each value's letter mask (see letterMask) by its code. */
export function letterMasks(values: readonly string[]): (code: number) => number {
  let masks = new Int32Array(values.length + 1);
  return (code) => {
    if (code >= masks.length) {
      const grown = new Int32Array(Math.max(code + 1, masks.length * 2));
      grown.set(masks);
      masks = grown;
    }
    let mask = masks[code]!;
    // 0 is also the mask of '', which is no work to find again.
    if (mask === 0) masks[code] = mask = letterMask(values[code]!);
    return mask;
  };
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
