import { NULL_LEVEL, type Comparison } from '../types';

/**
 * A disagreement counts against a pair when it is at least eight times likelier between two
 * people than within one person's records. Noisier fields (dates of birth that one in four
 * duplicates writes differently) cannot tell namesakes apart.
 */
const AGAINST = -3;

/**
 * Namesakes: two records that agree on nothing that identifies a person beyond the name
 * (no email address or mailbox name, phone number, street address, employer, date of
 * birth or id in common; a town or a job title is shared by namesakes as readily), and
 * that have something against them (two different emails, phones, employers or homes).
 * Two people of one name in one town are common in a large portal, and no one could tell
 * them from one person's two records: they are never a match, however rare the name.
 *
 * Returns the test for a pair's levels (one per comparison), or null when the model names
 * no name fields.
 */
export function namesakeTest(comparisons: readonly Comparison[], weights: readonly (readonly number[])[], nameFields: readonly string[] | undefined): ((levels: ArrayLike<number>) => boolean) | null {
  if (!nameFields || nameFields.length === 0) return null;
  const names = comparisons.map((c) => nameFields.includes(c.name));
  // Per comparison and level: 1 identifies the person, -1 counts against, 0 neither.
  const kinds = comparisons.map((c, ci) =>
    c.levels.map((level, l) => {
      const weight = weights[ci]![l]!;
      if (names[ci] || level.neutral) return 0;
      if (weight <= AGAINST) return -1;
      return weight > 0 && !level.circumstantial ? 1 : 0;
    }),
  );
  return (levels) => {
    let against = false;
    for (let c = 0; c < kinds.length; c++) {
      const level = levels[c]!;
      if (level === NULL_LEVEL) continue;
      const kind = kinds[c]![level]!;
      if (kind === 1) return false;
      if (kind === -1) against = true;
    }
    return against;
  };
}
