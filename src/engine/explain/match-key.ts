import type { PairExplanation } from './explain-pair';

/** A group's links as matchKeyOf reads them: links from..to-1, field c's shown weight and whether it agreed exactly. */
export interface GroupLinks {
  fields: readonly string[];
  from: number;
  to: number;
  weight(link: number, c: number): number;
  exact(link: number, c: number): boolean;
}

/**
 * What a group's one-line reason names ("Same Email + First name"), strongest evidence first:
 * fields ranked by the match weight they added over the group's pairs, so an identical email
 * comes before a shared first name. When the strongest field agrees exactly on every pair,
 * every such field is named; otherwise the two that weighed most.
 */
export function matchKeyOf(links: GroupLinks): string {
  if (links.to <= links.from) return '';
  const ranked = links.fields
    .map((field, c) => {
      let weight = 0;
      let exact = true;
      for (let link = links.from; link < links.to; link++) {
        weight += links.weight(link, c);
        exact &&= links.exact(link, c);
      }
      return { field, weight, exact };
    })
    .filter((f) => f.weight > 0)
    // Equal weights keep the model's field order: the same group reads the same every scan.
    .sort((a, b) => b.weight - a.weight);
  const strongest = ranked[0];
  if (!strongest) return '';
  const named = strongest.exact ? ranked.filter((f) => f.exact) : ranked.slice(0, 2);
  return named.map((f) => f.field).join('+');
}

/** matchKeyOf explanations already built. */
export function matchKey(explanations: readonly PairExplanation[]): string {
  return matchKeyOf({
    fields: explanations[0]?.fields.map((field) => field.field) ?? [],
    from: 0,
    to: explanations.length,
    weight: (link, c) => explanations[link]!.fields[c]!.weight,
    exact: (link, c) => explanations[link]!.fields[c]!.exact,
  });
}
