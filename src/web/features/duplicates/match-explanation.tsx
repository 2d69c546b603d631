import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { labelOfAny, type ValueLabels } from '../../../shared/value-labels';
import { formatPropertyValue } from '../merge/merge-values';
import { formatConfidence } from './confidence-badge';

type PairExplanation = DuplicateGroupView['explanations'][number];

// Signed by the figure shown: a weight of -0.04 reads ±0.0, not −0.0.
const tenths = (weight: number) => Math.round(weight * 10) / 10;
const bits = (weight: number) => {
  const shown = tenths(weight);
  return `${shown > 0 ? '+' : shown < 0 ? '−' : '±'}${Math.abs(shown).toFixed(1)}`;
};

/**
 * Why two records matched, as a diverging bar chart: each field's contribution to the match
 * weight (in bits of evidence), towards a match to the right, against it to the left, with
 * the two values compared. The starting point is how rare duplicates are in this portal.
 */
export function MatchExplanation({ pair, nameOf, labels }: { pair: PairExplanation; nameOf: (id: string) => string; labels?: ValueLabels }) {
  // A code the portal has a label for (a ticket category, say) reads as the label; a time (when
  // two tickets were created) in the user's locale.
  const shown = (field: string, value: string) => labelOfAny(labels, value) ?? formatPropertyValue(field, value);
  const rows = [
    { key: 'prior', label: 'Starting point', detail: 'How likely two records picked at random are the same', weight: pair.priorWeight, values: null as null | [string, string] },
    ...[...pair.fields]
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
      .map((f) => ({ key: f.field, label: f.label, detail: f.level, weight: f.weight, values: [shown(f.field, f.valueA), shown(f.field, f.valueB)] as [string, string] })),
  ];
  const scale = Math.max(1, ...rows.map((r) => Math.abs(r.weight)));
  return (
    <figure>
      <figcaption className="text-sm text-slate-600">
        <span className="font-medium text-slate-900">{nameOf(pair.a)}</span> and <span className="font-medium text-slate-900">{nameOf(pair.b)}</span>: match probability{' '}
        <span className="font-semibold text-slate-900">{formatConfidence(pair.probability)}</span> ({bits(pair.weight)} bits of evidence in all). Green bars speak for a match, red ones against it; the longer the bar, the stronger the evidence.
      </figcaption>
      <ul className="mt-4 space-y-3" aria-label="Each field's contribution">
        {rows.map((row) => {
          const width = `${(Math.abs(row.weight) / scale) * 50}%`;
          const positive = row.weight >= 0;
          return (
            // A phone's row is two lines: the label with its number, then the bar across the width.
            <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_4rem] sm:items-center sm:gap-y-0">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{row.label}</p>
                <p className="text-xs break-words text-slate-500 sm:truncate" title={row.values ? `${row.values[0]} / ${row.values[1]}` : row.detail}>
                  {row.values ? (
                    <>
                      {row.detail}: <span className="text-slate-700">{row.values[0] || '(empty)'}</span> / <span className="text-slate-700">{row.values[1] || '(empty)'}</span>
                    </>
                  ) : (
                    row.detail
                  )}
                </p>
              </div>
              <div className="relative col-span-2 row-start-2 h-4 rounded bg-slate-50 sm:col-span-1 sm:col-start-2 sm:row-start-1" aria-hidden="true">
                <div className="absolute inset-y-0 left-1/2 w-px bg-slate-300" />
                <div className={`absolute inset-y-0.5 rounded ${positive ? 'left-1/2 bg-emerald-500' : 'right-1/2 bg-rose-500'}`} style={{ width }} />
              </div>
              <p className={`col-start-2 row-start-1 text-right text-sm font-semibold tabular-nums sm:col-start-3 ${tenths(row.weight) > 0 ? 'text-emerald-700' : tenths(row.weight) < 0 ? 'text-rose-700' : 'text-slate-500'}`}>
                {bits(row.weight)}
                <span className="sr-only"> bits</span>
              </p>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
