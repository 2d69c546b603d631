import type { DuplicationByField } from '../../../shared/contracts/results';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { formatCount, formatShare } from './format-numbers';
import { MeterBar } from './meter-bar';
import { OBJECT_TYPE_COLORS } from './object-type-colors';

/**
 * Horizontal bars: per object type, the share of scanned records whose value of a key field
 * another record has too. Every number is text beside its bar; the bars are drawing only.
 */
export function DuplicationByFieldChart({ data }: { data: DuplicationByField }) {
  const objects = data.objects.filter((o) => o.fields.length > 0);
  // One scale for every bar, so a long bar means the same everywhere.
  const widest = Math.max(0.0001, ...objects.flatMap((o) => o.fields.map((f) => f.share)));

  if (objects.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">No key field repeats across records. Nice and tidy.</p>;
  }

  return (
    <div className={`grid gap-6 ${objects.length > 1 ? 'md:grid-cols-2' : ''}`}>
      {objects.map((object) => {
        const label = OBJECT_TYPE_LABELS[object.objectType];
        const headingId = `duplication-${object.objectType}`;
        const fields = [...object.fields].sort((a, b) => b.share - a.share);
        return (
          <div key={object.objectType}>
            <h3 id={headingId} className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
              {label}
              <span className="text-xs font-normal text-slate-500">{formatCount(object.totalRecords)} records scanned</span>
            </h3>
            <ul aria-labelledby={headingId} className="mt-3 space-y-3">
              {fields.map((field) => (
                <li key={field.field}>
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate text-slate-700" title={field.properties.join(', ')}>
                      {field.label}
                    </span>
                    <span className="shrink-0 tabular-nums text-slate-500">
                      <span className="font-semibold text-slate-900">{formatShare(field.share)}</span> · {formatCount(field.duplicateRecords)} {field.duplicateRecords === 1 ? 'record' : 'records'}
                    </span>
                  </div>
                  <MeterBar fraction={field.share / widest} color={OBJECT_TYPE_COLORS[object.objectType]} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
