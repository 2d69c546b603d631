import { useState } from 'react';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { DATE_PROPERTIES, orderProperties, propertyLabel, recordTitle } from '../../../shared/crm-properties';
import { labelledValue, type ValueLabels } from '../../../shared/value-labels';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatShortDate } from '../dashboard/time-ago';
import { ConfidenceBadge } from './confidence-badge';
import { describeMatch, recordNoun } from './group-summary';
import { GroupStatusBadge } from './group-status-badge';
import { MatchExplanation } from './match-explanation';

type GroupRecord = DuplicateGroupView['records'][number];

const SHOWN_AS_IS = new Set(['hs_object_id']);

/** A value as people read it: dates in their locale, owner and stage ids and option codes by their labels. */
function display(property: string, value: unknown, labels: ValueLabels): Cell {
  if (value === null || value === undefined || value === '') return { text: '', raw: '' };
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  if (DATE_PROPERTIES.has(property)) {
    const time = Date.parse(raw);
    if (Number.isFinite(time)) return { text: formatShortDate(new Date(time)), raw };
  }
  return { text: labelledValue(labels, property, raw), raw };
}

interface Cell {
  text: string;
  /** The value HubSpot holds, shown on hover when a label stands in for it. */
  raw: string;
}

/** Values are compared as a person would: case, spacing and punctuation aside. */
const comparable = (value: string) => value.toLowerCase().replace(/[\s.,()\-_/]+/g, '');

interface Row {
  property: string;
  values: Cell[];
  differs: boolean;
}

function rowsOf(group: DuplicateGroupView, records: GroupRecord[]): Row[] {
  const names = orderProperties(
    group.objectType,
    records.flatMap((r) => Object.keys(r.properties)).filter((name) => !SHOWN_AS_IS.has(name)),
  );
  return names
    .map((property) => {
      const values = records.map((r) => display(property, r.properties[property], group.valueLabels ?? {}));
      const filled = values.filter((v) => v.text).map((v) => comparable(v.text));
      return { property, values, differs: new Set(filled).size > 1 || (filled.length > 0 && filled.length < values.length) };
    })
    .filter((row) => row.values.some((v) => v.text));
}

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
  const rows = rowsOf(group, records);
  const differing = rows.filter((r) => r.differs).length;
  const [pairIndex, setPairIndex] = useState(0);
  const pair = group.explanations[Math.min(pairIndex, group.explanations.length - 1)];
  const pending = group.status === 'pending';
  const noun = recordNoun(group.objectType, records.length);

  return (
    <article aria-labelledby="group-heading" className="space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
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
          <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
            <div className="flex flex-col gap-2 sm:flex-row">
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
            {readOnlyNote && <p className="max-w-xs text-xs text-slate-500 sm:text-right">{readOnlyNote}</p>}
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
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
                  Property
                </th>
                {records.map((record) => (
                  <th key={record.id} scope="col" className="min-w-48 px-3 py-2 text-left align-top font-normal">
                    <span className="block font-semibold text-slate-900">{recordTitle(group.objectType, record.properties, record.id)}</span>
                    <span className="block text-xs text-slate-500">
                      ID {record.id}
                      {record.updatedAt && Number.isFinite(Date.parse(record.updatedAt)) ? ` · updated ${formatShortDate(new Date(record.updatedAt))}` : ''}
                    </span>
                    {record.isPrimary && <span className="mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">Suggested primary</span>}
                    {pending && records.length > 2 && (
                      <button
                        type="button"
                        onClick={() => onRemoveRecord(record.id)}
                        disabled={busy}
                        className="mt-1 block text-xs font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-slate-900 disabled:opacity-50"
                      >
                        Not a duplicate of the others
                        <span className="sr-only">: {recordTitle(group.objectType, record.properties, record.id)}</span>
                      </button>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.property}>
                  <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600">
                    {propertyLabel(group.objectType, row.property)}
                    {row.differs && <span className="sr-only"> (values differ)</span>}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={records[i]!.id} className={`max-w-xs px-3 py-2 break-words ${row.differs ? 'bg-amber-50 text-amber-950' : 'text-slate-900'}`}>
                      {value.text ? <span title={value.text !== value.raw ? value.raw : undefined}>{value.text}</span> : <span className="text-slate-500">—</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
