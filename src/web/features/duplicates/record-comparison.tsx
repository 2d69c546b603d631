import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { orderProperties, propertyLabel, recordTitle } from '../../../shared/crm-properties';
import { ScrollFrame } from '../../components/ui/scroll-frame';
import { WrappingValue } from '../../components/ui/wrapping-value';
import { useNarrow } from '../../lib/use-narrow';
import { formatShortDate } from '../dashboard/time-ago';
import { formatPropertyValue } from '../merge/merge-values';
import { labelledValue, type ValueLabels } from '../../../shared/value-labels';

type GroupRecord = DuplicateGroupView['records'][number];

const SHOWN_AS_IS = new Set(['hs_object_id']);

interface Cell {
  text: string;
  /** The value HubSpot holds, shown on hover when a label stands in for it. */
  raw: string;
}

/** A value as people read it: owner and stage ids and option codes by the portal's labels, dates in their locale. */
function display(property: string, value: unknown, labels: ValueLabels): Cell {
  if (value === null || value === undefined || value === '') return { text: '', raw: '' };
  if (typeof value !== 'string') return { text: JSON.stringify(value), raw: JSON.stringify(value) };
  const labelled = labelledValue(labels, property, value);
  return { text: labelled !== value ? labelled : formatPropertyValue(property, value), raw: value };
}

/** Values are compared as a person would: case, spacing and punctuation aside. */
const comparable = (value: string) => value.toLowerCase().replace(/[\s.,()\-_/]+/g, '');

export interface ComparisonRow {
  property: string;
  values: Cell[];
  differs: boolean;
}

/** The properties any of the records has, in the object type's reading order, each marked when the records disagree. */
export function comparisonRows(group: DuplicateGroupView, records: readonly GroupRecord[]): ComparisonRow[] {
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

interface ComparisonProps {
  group: DuplicateGroupView;
  records: readonly GroupRecord[];
  rows: readonly ComparisonRow[];
  /** Offered only while more than two records are pending: taking one out still leaves a group. */
  onRemoveRecord?: (recordId: string) => void;
  busy: boolean;
}

/** A record's name, id, last update and whether it is the suggested primary; the same in both layouts. */
function RecordHeading({ group, record, onRemoveRecord, busy }: { group: DuplicateGroupView; record: GroupRecord; onRemoveRecord?: (recordId: string) => void; busy: boolean }) {
  const title = recordTitle(group.objectType, record.properties, record.id);
  return (
    <>
      <span className="block font-semibold break-words text-slate-900">{title}</span>
      <span className="block text-xs text-slate-500">
        ID {record.id}
        {record.updatedAt && Number.isFinite(Date.parse(record.updatedAt)) ? ` · updated ${formatShortDate(new Date(record.updatedAt))}` : ''}
      </span>
      {record.isPrimary && <span className="mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">Suggested primary</span>}
      {onRemoveRecord && (
        <button
          type="button"
          onClick={() => onRemoveRecord(record.id)}
          disabled={busy}
          className="mt-1 block text-xs font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-slate-900 disabled:opacity-50"
        >
          Not a duplicate of the others
          <span className="sr-only">: {title}</span>
        </button>
      )}
    </>
  );
}

const emptyValue = <span className="text-slate-500">—</span>;

function Value({ cell }: { cell: Cell | undefined }) {
  if (!cell?.text) return emptyValue;
  return cell.text !== cell.raw ? (
    <span title={cell.raw}>
      <WrappingValue text={cell.text} />
    </span>
  ) : (
    <WrappingValue text={cell.text} />
  );
}

/**
 * The records side by side where there is room (two share the width; three or more scroll
 * sideways in a cued frame, the property names staying put), and one card per record below
 * each other where there is not: a phone, or the narrow column beside the group list.
 * The choice follows the space the comparison has, not the screen: one layout is rendered.
 */
export function RecordComparison(props: ComparisonProps) {
  // Two records and the property names fit side by side from about 32rem.
  const { ref, narrow } = useNarrow<HTMLDivElement>(512);
  return (
    <div ref={ref} className="mt-3">
      {narrow ? <RecordCards {...props} /> : <RecordTable {...props} />}
    </div>
  );
}

function RecordTable({ group, records, rows, onRemoveRecord, busy }: ComparisonProps) {
  const wide = records.length > 2;
  return (
    // Two records fit beside the property names; three or more, or a very long value, scroll sideways with shadows at the edges.
    <ScrollFrame label="Records side by side" className="rounded-xl border border-slate-200">
        {/* Automatic column widths: a long address or URL takes the room it needs, the property names wrap instead. */}
        <table className="w-full text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 max-w-40 bg-slate-50 px-3 py-2 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                Property
              </th>
              {records.map((record) => (
                <th key={record.id} scope="col" className={`px-3 py-2 text-left align-top font-normal ${wide ? 'min-w-52' : ''}`}>
                  <RecordHeading group={group} record={record} busy={busy} {...(onRemoveRecord ? { onRemoveRecord } : {})} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.property}>
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium break-words text-slate-600">
                  {propertyLabel(group.objectType, row.property)}
                  {row.differs && <span className="sr-only"> (values differ)</span>}
                </th>
                {row.values.map((value, i) => (
                  <td key={records[i]!.id} className={`px-3 py-2 ${wide ? 'max-w-xs' : ''} ${row.differs ? 'bg-amber-50 text-amber-950' : 'text-slate-900'}`}>
                    <Value cell={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
    </ScrollFrame>
  );
}

function RecordCards({ group, records, rows, onRemoveRecord, busy }: ComparisonProps) {
  return (
      <ol aria-label="Records compared" className="space-y-3">
        {records.map((record, i) => (
          <li key={record.id} className="rounded-xl border border-slate-200">
            <div className="rounded-t-xl bg-slate-50 px-3 py-2 text-sm">
              <RecordHeading group={group} record={record} busy={busy} {...(onRemoveRecord ? { onRemoveRecord } : {})} />
            </div>
            <dl className="divide-y divide-slate-100 text-sm">
              {rows.map((row) => (
                <div key={row.property} className={`px-3 py-2 ${row.differs ? 'bg-amber-50' : ''}`}>
                  <dt className="text-xs font-medium text-slate-500">
                    {propertyLabel(group.objectType, row.property)}
                    {row.differs && <span className="sr-only"> (values differ)</span>}
                  </dt>
                  <dd className={`break-words ${row.differs ? 'text-amber-950' : 'text-slate-900'}`}><Value cell={row.values[i]} /></dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
  );
}
