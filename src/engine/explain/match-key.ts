import type { PairExplanation } from './explain-pair';

/**
 * What a group's one-line reason names ("Same Email + First name"), strongest evidence first:
 * fields ranked by the match weight they added over the group's pairs, so an identical email
 * comes before a shared first name. When the strongest field agrees exactly on every pair,
 * every such field is named; otherwise the two that weighed most.
 */
export function matchKey(explanations: readonly PairExplanation[]): string {
  const first = explanations[0];
  if (!first) return '';
  const ranked = first.fields
    .map((field, c) => ({
      field: field.field,
      weight: explanations.reduce((sum, e) => sum + e.fields[c]!.weight, 0),
      exact: explanations.every((e) => e.fields[c]!.exact),
    }))
    .filter((f) => f.weight > 0)
    // Equal weights keep the model's field order: the same group reads the same every scan.
    .sort((a, b) => b.weight - a.weight);
  const strongest = ranked[0];
  if (!strongest) return '';
  const named = strongest.exact ? ranked.filter((f) => f.exact) : ranked.slice(0, 2);
  return named.map((f) => f.field).join('+');
}
