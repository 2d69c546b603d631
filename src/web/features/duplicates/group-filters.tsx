import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { CloseIcon } from '../../components/ui/icons';
import { formatExactTime } from '../dashboard/time-ago';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { CONFIDENCE_BANDS, type ConfidenceFilter, type GroupFilters, type SortOrder, type StatusFilter } from './api/duplicate-groups';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'pending', label: 'To review' },
  { value: 'dismissed', label: 'Not duplicates' },
  { value: 'merged', label: 'Merged' },
  { value: 'failed', label: 'Merge failed' },
  { value: 'all', label: 'All' },
];

const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'confidence', label: 'Most certain first' },
  { value: 'newest', label: 'Newest first' },
];

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

function Select<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)} className={selectClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Object type, status, confidence and order: every change goes back to the first page. */
export function GroupFiltersBar({ filters, onChange }: { filters: GroupFilters; onChange: (changes: Partial<GroupFilters>) => void }) {
  const typeOptions: { value: ObjectType | 'all'; label: string }[] = [{ value: 'all', label: 'All types' }, ...OBJECT_TYPES.map((t) => ({ value: t, label: OBJECT_TYPE_LABELS[t] }))];
  const confidenceOptions: { value: ConfidenceFilter; label: string }[] = [
    { value: 'any', label: 'Any confidence' },
    ...(Object.entries(CONFIDENCE_BANDS) as [Exclude<ConfidenceFilter, 'any'>, { label: string }][]).map(([value, band]) => ({ value, label: band.label })),
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="group" aria-label="Filter and sort the groups">
      <Select id="filter-type" label="Object type" value={filters.objectType ?? 'all'} options={typeOptions} onChange={(value) => onChange({ objectType: value === 'all' ? null : value, page: 1 })} />
      <Select id="filter-status" label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status, page: 1 })} />
      <Select id="filter-confidence" label="Confidence" value={filters.confidence} options={confidenceOptions} onChange={(confidence) => onChange({ confidence, page: 1 })} />
      <Select id="filter-sort" label="Order" value={filters.sort} options={SORT_OPTIONS} onChange={(sort) => onChange({ sort, page: 1 })} />
    </div>
  );
}

/** The "found since" filter a notification's link sets: shown as a chip, as there is no control for it in the bar. */
export function SinceChip({ since, onRemove }: { since: string; onRemove: () => void }) {
  const label = `Found since ${formatExactTime(new Date(since))}`;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="More filters">
      <span className="inline-flex items-center gap-1 rounded-full border border-brand-600/30 bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900">
        {label}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove filter: ${label}`}
          className="rounded-full p-0.5 text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        >
          <CloseIcon aria-hidden="true" className="h-4 w-4" />
        </button>
      </span>
    </div>
  );
}
