import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { recordTitle } from '../../../shared/crm-properties';

export { describeMatch } from '../../../shared/match-reason';

/** The records' names, the suggested primary first. */
export function memberNames(group: Pick<DuplicateGroupView, 'objectType' | 'records'>): string[] {
  const ordered = [...group.records].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return ordered.map((record) => recordTitle(group.objectType, record.properties, record.id));
}

const ONE: Readonly<Record<DuplicateGroupView['objectType'], string>> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

export function recordNoun(objectType: DuplicateGroupView['objectType'], count: number): string {
  return count === 1 ? ONE[objectType] : objectType;
}
