import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { recordTitle } from '../../../shared/crm-properties';

/** "Same Email", "Same First name + Last name", "Close Company + Phone": what the records share, in words. */
export function describeMatch(group: Pick<DuplicateGroupView, 'matchKey' | 'explanations'>): string {
  const fields = group.matchKey.split('+').filter(Boolean);
  if (fields.length === 0) return 'Similar records';
  const labels = new Map(group.explanations.flatMap((pair) => pair.fields.map((f) => [f.field, f.label] as const)));
  const exact = fields.every((field) => group.explanations.every((pair) => pair.fields.find((f) => f.field === field)?.exact ?? false));
  return `${exact ? 'Same' : 'Close'} ${fields.map((field) => labels.get(field) ?? field).join(' + ')}`;
}

/** The records' names, the suggested primary first. */
export function memberNames(group: Pick<DuplicateGroupView, 'objectType' | 'records'>): string[] {
  const ordered = [...group.records].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return ordered.map((record) => recordTitle(group.objectType, record.properties, record.id));
}

const ONE: Readonly<Record<DuplicateGroupView['objectType'], string>> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

export function recordNoun(objectType: DuplicateGroupView['objectType'], count: number): string {
  return count === 1 ? ONE[objectType] : objectType;
}
