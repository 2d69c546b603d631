import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { ConfidenceBadge } from './confidence-badge';
import { describeMatch, memberNames, recordNoun } from './group-summary';
import { GroupStatusBadge } from './group-status-badge';

/** The groups of one page, each a button that opens it; the open one is marked for screen readers too. */
export function GroupList({ groups, selectedId, onSelect, showType }: { groups: DuplicateGroupView[]; selectedId: number | null; onSelect: (id: number) => void; showType: boolean }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Duplicate groups">
      {groups.map((group) => {
        const names = memberNames(group);
        const selected = group.id === selectedId;
        return (
          <li key={group.id}>
            <button
              type="button"
              onClick={() => onSelect(group.id)}
              aria-current={selected ? 'true' : undefined}
              className={`block w-full px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${selected ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
            >
              <span className="flex items-start justify-between gap-3">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{names[0]}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {names.length > 1 ? `and ${names.slice(1).join(', ')}` : ''}
                  </span>
                </span>
                <ConfidenceBadge probability={group.confidence} />
              </span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span>
                  {group.records.length} {recordNoun(group.objectType, group.records.length)}
                </span>
                {showType && <span>{OBJECT_TYPE_LABELS[group.objectType]}</span>}
                <span>{describeMatch(group)}</span>
                {group.status !== 'pending' && <GroupStatusBadge status={group.status} />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
