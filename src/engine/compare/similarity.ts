// Reused match buffers: Jaro-Winkler runs millions of times per scan, so it allocates nothing.
let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

/** Jaro-Winkler similarity in [0, 1] (prefix scale 0.1, up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  if (la > matchedA.length) matchedA = new Uint8Array(la * 2);
  if (lb > matchedB.length) matchedB = new Uint8Array(lb * 2);
  matchedA.fill(0, 0, la);
  matchedB.fill(0, 0, lb);
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    const ca = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === ca) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * An upper bound of jaroWinkler(a, b) in one pass over each string: a character of one
 * string that the other lacks can never match. Most pairs a scan compares are far apart,
 * and this rules them out for a fraction of the cost.
 */
export function jaroWinklerBound(a: string, b: string): number {
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  let maskA = 0;
  for (let i = 0; i < la; i++) maskA |= 1 << (a.charCodeAt(i) & 31);
  // b's mask and its lonely characters in one pass: a's mask is complete by then.
  let maskB = 0;
  let lonelyB = 0;
  for (let j = 0; j < lb; j++) {
    const bit = 1 << (b.charCodeAt(j) & 31);
    maskB |= bit;
    if ((maskA & bit) === 0) lonelyB++;
  }
  let lonelyA = 0;
  for (let i = 0; i < la; i++) if ((maskB & (1 << (a.charCodeAt(i) & 31))) === 0) lonelyA++;
  return boundOfMatches(a, b, Math.min(la - lonelyA, lb - lonelyB));
}

/** The set of a string's characters by their last five bits, as jaroWinklerBound reads them: one bit each. */
export function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) mask |= 1 << (s.charCodeAt(i) & 31);
  return mask;
}

/**
 * jaroWinklerBound(a, b) given the two strings' letter masks (see letterMask), worked out
 * once per value: the same figure in two passes rather than three.
 */
export function jaroWinklerBoundOf(a: string, maskA: number, b: string, maskB: number): number {
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  let lonelyA = 0;
  for (let i = 0; i < la; i++) if ((maskB & (1 << (a.charCodeAt(i) & 31))) === 0) lonelyA++;
  let lonelyB = 0;
  for (let j = 0; j < lb; j++) if ((maskA & (1 << (b.charCodeAt(j) & 31))) === 0) lonelyB++;
  return boundOfMatches(a, b, Math.min(la - lonelyA, lb - lonelyB));
}

/**
 * An upper bound of jaroWinkler(a, b) given how many characters the two have in common
 * (see lettersApart): no more of them can match, and none out of order.
 */
export function jaroWinklerCeiling(a: string, b: string, common: number): number {
  if (a.length === 0 || b.length === 0) return 0;
  return boundOfMatches(a, b, common);
}

/**
 * An upper bound of jaroWinkler(a, b) by the strings' letter masks and lengths alone: a
 * character whose bit the other's mask lacks matches nothing, and the common prefix is
 * taken as long as it may be.
 */
export function jaroWinklerCeilingOf(maskA: number, la: number, maskB: number, lb: number): number {
  if (la === 0 || lb === 0) return 0;
  const matches = Math.min(la - bitCount(maskA & ~maskB), lb - bitCount(maskB & ~maskA));
  if (matches <= 0) return 0;
  const jaro = (matches / la + matches / lb + 1) / 3;
  return jaro + Math.min(4, la, lb) * 0.1 * (1 - jaro);
}

/**
 * What a ceiling is checked against below a threshold: far above rounding error, so that a
 * pair ruled out by a ceiling is below the threshold however Jaro-Winkler rounds.
 */
export const CEILING_MARGIN = 1e-9;

/** Jaro-Winkler of two non-empty strings were `matches` characters to match, none transposed. */
function boundOfMatches(a: string, b: string, matches: number): number {
  if (matches <= 0) return 0;
  const la = a.length;
  const lb = b.length;
  const jaro = (matches / la + matches / lb + 1) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Characters of one string that the other lacks, by two letter masks (see letterMask): at
 * most the count of such characters with repeats, on the side with more, so never more
 * than the edits between the two strings.
 */
export function missingLetters(maskA: number, maskB: number): number {
  return Math.max(bitCount(maskA & ~maskB), bitCount(maskB & ~maskA));
}

/** Set bits of a 32-bit mask. */
export function bitCount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * Characters one string has and the other lacks, counted with repeats, on the side with
 * more: never more than the edits between the two (an edit changes each side's count by
 * one at most), and the longer string's length less this is how many characters the two
 * have in common, which no Jaro match count exceeds.
 */
export function lettersApart(a: string, b: string): number {
  // Counts by character code in one reused table, put back to zero after: no Map per call.
  for (let i = 0; i < a.length; i++) letterCounts[a.charCodeAt(i)]!++;
  for (let i = 0; i < b.length; i++) letterCounts[b.charCodeAt(i)]!--;
  // Each code's count read once (then zeroed), from whichever name holds it.
  let extraA = 0;
  let extraB = 0;
  for (let i = 0; i < a.length + b.length; i++) {
    const code = i < a.length ? a.charCodeAt(i) : b.charCodeAt(i - a.length);
    const n = letterCounts[code]!;
    if (n > 0) extraA += n;
    else extraB -= n;
    letterCounts[code] = 0;
  }
  return Math.max(extraA, extraB);
}

const letterCounts = new Int32Array(65536);

/**
 * Damerau-Levenshtein distance (adjacent transpositions count once), stopping early
 * once it exceeds `max`: then it returns max + 1.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  // Three reused rows: this runs millions of times a scan, and arrays per call were a good
  // part of its time and of the collector's.
  if (lb + 1 > rowA.length) [rowA, rowB, rowC] = [new Int32Array(lb * 2 + 2), new Int32Array(lb * 2 + 2), new Int32Array(lb * 2 + 2)];
  let prevPrev = rowA;
  let prev = rowB;
  let current = rowC;
  prevPrev.fill(0, 0, lb + 1);
  current.fill(0, 0, lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = prev[j]! + 1;
      if (current[j - 1]! + 1 < value) value = current[j - 1]! + 1;
      if (prev[j - 1]! + cost < value) value = prev[j - 1]! + cost;
      if (j > 1 && caBefore === cb && ca === b.charCodeAt(j - 2) && prevPrev[j - 2]! + 1 < value) value = prevPrev[j - 2]! + 1;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const done = prevPrev;
    prevPrev = prev;
    prev = current;
    current = done;
  }
  return prev[lb]!;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Token-set similarity of two sorted, distinct token lists: shared tokens over the
 * smaller list, so "acme data systems" and "acme systems" score 1.
 */
export function tokenSetSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / Math.min(a.length, b.length);
}

/** Jaccard similarity of two sorted, distinct token lists. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = tokenSetSimilarity(a, b) * Math.min(a.length, b.length);
  return shared / (a.length + b.length - shared);
}

/**
 * True when a and b differ by at most one substitution, insertion, deletion or swap of
 * neighbours: the allocation-free special case of editDistance(a, b, 1) <= 1.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  // The rests compared in place: no slices for each of millions of pairs of phone numbers.
  if (la === lb) {
    // One substitution, or neighbours swapped.
    if (sameRest(a, i + 1, b, i + 1)) return true;
    return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameRest(a, i + 2, b, i + 2);
  }
  return la > lb ? sameRest(a, i + 1, b, i) : sameRest(a, i, b, i + 1);
}

/** Whether a from `i` on is b from `j` on: a.slice(i) === b.slice(j), without the slices (both within their strings). */
function sameRest(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}
