import type { DuplicateGroupView } from './contracts/results';

/**
 * A group's one-line reason: "Same Email", "Same Email + First name", "Close Company + Phone":
 * what the records share, strongest evidence first (the engine's match key is in that order).
 * The duplicates screens and the CSV export say it the same way.
 */
export function describeMatch(group: Pick<DuplicateGroupView, 'matchKey' | 'explanations'>): string {
  const fields = group.matchKey.split('+').filter(Boolean);
  if (fields.length === 0) return 'Similar records';
  const labels = new Map(group.explanations.flatMap((pair) => pair.fields.map((f) => [f.field, f.label] as const)));
  const exact = fields.every((field) => group.explanations.every((pair) => pair.fields.find((f) => f.field === field)?.exact ?? false));
  return `${exact ? 'Same' : 'Close'} ${fields.map((field) => labels.get(field) ?? field).join(' + ')}`;
}
