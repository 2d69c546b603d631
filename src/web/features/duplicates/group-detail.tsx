import { useState } from 'react';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { recordTitle } from '../../../shared/crm-properties';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ConfidenceBadge } from './confidence-badge';
import { describeMatch, recordNoun } from './group-summary';
import { GroupStatusBadge } from './group-status-badge';
import { MatchExplanation } from './match-explanation';
import { comparisonRows, RecordComparison } from './record-comparison';

/**
 * One group: its records side by side (suggested primary first, differing values marked),
 * why each pair matched, and the decisions a reviewer can take.
 */
export function GroupDetail({
  group,
  onMerge,
  onDismiss,
  onRemoveRecord,
  busy,
  readOnlyNote,
}: {
  group: DuplicateGroupView;
  onMerge: () => void;
  onDismiss: () => void;
  onRemoveRecord: (recordId: string) => void;
  busy: boolean;
  readOnlyNote?: string;
}) {
  const records = [...group.records].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  const nameOf = (id: string) => {
    const record = group.records.find((r) => r.id === id);
    return record ? recordTitle(group.objectType, record.properties, record.id) : `Record ${id}`;
  };
  const rows = comparisonRows(group, records);
  const differing = rows.filter((r) => r.differs).length;
  const [pairIndex, setPairIndex] = useState(0);
  const pair = group.explanations[Math.min(pairIndex, group.explanations.length - 1)];
  const pending = group.status === 'pending';
  const noun = recordNoun(group.objectType, records.length);

  return (
    // Laid out by the room the panel has (a container), not the screen: beside the group list it is narrow.
    <article aria-labelledby="group-heading" className="@container space-y-6">
      <header className="flex flex-col gap-3 @xl:flex-row @xl:items-start @xl:justify-between">
        <div className="min-w-0">
          <h2 id="group-heading" className="text-lg font-semibold text-slate-900">
            {records.length} {noun} that look like the same {recordNoun(group.objectType, 1)}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ConfidenceBadge probability={group.confidence} />
            <span>{describeMatch(group)}</span>
            <GroupStatusBadge status={group.status} />
          </p>
        </div>
        {(pending || group.status === 'failed') && (
          <div className="flex shrink-0 flex-col items-stretch gap-2 @xl:items-end">
            <div className="flex flex-col gap-2 @sm:flex-row">
              <Button onClick={onMerge} disabled={busy}>
                {group.status === 'failed' ? 'Finish the merge…' : 'Merge…'}
              </Button>
              {pending && (
                <Button variant="secondary" onClick={onDismiss} disabled={busy}>
                  {busy && <Spinner className="h-4 w-4" />}
                  Not a duplicate
                </Button>
              )}
            </div>
            {readOnlyNote && <p className="max-w-xs text-xs text-slate-500 @xl:text-right">{readOnlyNote}</p>}
          </div>
        )}
      </header>

      <section aria-labelledby="records-heading">
        <h3 id="records-heading" className="text-sm font-semibold text-slate-900">
          Records side by side
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          {differing === 0 ? 'Every value shown is the same in all records.' : `${differing} ${differing === 1 ? 'field differs' : 'fields differ'}: marked in amber.`}
        </p>
        <RecordComparison group={group} records={records} rows={rows} busy={busy} {...(pending && records.length > 2 ? { onRemoveRecord } : {})} />
      </section>

      {pair && (
        <section aria-labelledby="why-heading">
          <h3 id="why-heading" className="text-sm font-semibold text-slate-900">
            Why they match
          </h3>
          {group.explanations.length > 1 && (
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Choose a pair">
              {group.explanations.map((p, i) => (
                <button
                  key={`${p.a}-${p.b}`}
                  type="button"
                  aria-pressed={i === pairIndex}
                  onClick={() => setPairIndex(i)}
                  className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${i === pairIndex ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
                >
                  {nameOf(p.a)} ↔ {nameOf(p.b)}
                </button>
              ))}
            </div>
          )}
          <div className="mt-3">
            <MatchExplanation pair={pair} nameOf={nameOf} labels={group.valueLabels} />
          </div>
        </section>
      )}
    </article>
  );
}
