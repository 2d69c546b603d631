/** Links as matchKeyOf reads them: field c's shown weight on a link and whether it agreed exactly. */
export interface LinkFields {
  readonly fields: readonly string[];
  fieldWeight(link: number, c: number): number;
  exact(link: number, c: number): boolean;
}

/**
 * What a group's one-line reason names ("Same Email + First name"), strongest evidence first:
 * fields ranked by the match weight they added over the group's pairs, so an identical email
 * comes before a shared first name. When the strongest field agrees exactly on every pair,
 * every such field is named; otherwise the two that weighed most.
 */
export function matchKeyOf(links: LinkFields, from: number, to: number): string {
  if (to <= from) return '';
  const ranked = links.fields
    .map((field, c) => {
      let weight = 0;
      let exact = true;
      for (let link = from; link < to; link++) {
        weight += links.fieldWeight(link, c);
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

