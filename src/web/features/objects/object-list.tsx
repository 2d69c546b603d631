import { useCallback } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router';
import { OBJECT_SORTS, QUALITY_FLAGS, type ObjectRecordPage, type ObjectRecordSummary, type ObjectSort, type QualityFlag } from '../../../shared/contracts/objects';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { Button, ButtonLink } from '../../components/ui/button';
import { DownloadLink } from '../../components/ui/download-link';
import { ScrollFrame } from '../../components/ui/scroll-frame';
import { Spinner } from '../../components/ui/spinner';
import { WrappingValue } from '../../components/ui/wrapping-value';
import { SectionError } from '../dashboard/dashboard-panel';
import { formatCount } from '../dashboard/format-numbers';
import { formatExactTime, formatTimeAgo } from '../dashboard/time-ago';
import { useNow } from '../dashboard/use-now';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { objectRecordsCsvUrl, useObjectRecords, type ObjectListParams } from './api/get-object-records';
import { OBJECT_COLUMNS, SEARCH_HINTS, cellOf, formatValue, nameOf, ONE_OF, type ObjectColumn } from './object-columns';
import { FLAG_INFO, FlagBadge, badgesOf } from './quality-flags';
import { SearchBox } from './search-box';
import { LabelledValue } from '../../components/labelled-value';
import type { ValueLabels } from '../../../shared/value-labels';

const SORT_LABELS: Readonly<Record<ObjectSort, string>> = { recent: 'Recently updated', oldest: 'Least recently updated', name: 'Name, A to Z' };

/** The list's state lives in the address, so a view can be bookmarked, shared and reloaded. */
export function listParamsFrom(params: URLSearchParams): ObjectListParams {
  const page = Number(params.get('page'));
  const flag = params.get('flag');
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    flag: QUALITY_FLAGS.includes(flag as QualityFlag) ? (flag as QualityFlag) : null,
    sort: OBJECT_SORTS.includes(sort as ObjectSort) ? (sort as ObjectSort) : 'recent',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function paramsOf(list: ObjectListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (list.search) params.set('search', list.search);
  if (list.flag) params.set('flag', list.flag);
  if (list.sort !== 'recent') params.set('sort', list.sort);
  if (list.page > 1) params.set('page', String(list.page));
  return params;
}

function TypeNav({ current }: { current: ObjectType }) {
  return (
    <nav aria-label="Object types" className="shrink-0">
      <ul className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {OBJECT_TYPES.map((type) => (
          <li key={type}>
            <NavLink
              to={`/objects/${type}`}
              aria-current={type === current ? 'page' : undefined}
              className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                type === current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {OBJECT_TYPE_LABELS[type]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "All" and one chip per flag the type is checked for, each with its count over the whole type. */
function FlagChips({ page, flag, onChange }: { page: ObjectRecordPage; flag: QualityFlag | null; onChange: (flag: QualityFlag | null) => void }) {
  const chip = (value: QualityFlag | null, label: string, count: number, dot?: string) => {
    const pressed = value === flag;
    return (
      <li key={value ?? 'all'}>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => onChange(pressed ? null : value)}
          className={`inline-flex items-center gap-2 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50'
          }`}
        >
          {dot && <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />}
          {label}
          <span className={`rounded-full px-1.5 text-xs tabular-nums ${pressed ? 'bg-brand-900 text-white' : 'bg-slate-100 text-slate-600'}`}>{formatCount(count)}</span>
        </button>
      </li>
    );
  };
  return (
    <ul aria-label="Show records with a problem" className="flex flex-wrap gap-2">
      {chip(null, 'All records', page.counts.all)}
      {page.checks.map((check) => chip(check, FLAG_INFO[check].label, page.counts[check], FLAG_INFO[check].dot))}
    </ul>
  );
}

function Value({ record, column, labels }: { record: ObjectRecordSummary; column: ObjectColumn; labels: ValueLabels }) {
  const { property, value } = cellOf(record, column);
  const invalid = [...record.quality.invalidEmails, ...record.quality.invalidPhones].some((problem) => problem.property === property);
  if (value === null) {
    const missing = record.quality.missingFields.includes(property);
    return missing ? <span className="font-medium text-amber-700">Missing</span> : <span className="text-slate-500">—</span>;
  }
  return (
    <span className={invalid ? 'font-medium text-rose-700 underline decoration-rose-300 decoration-wavy underline-offset-4' : ''}>
      <LabelledValue labels={labels} property={property} value={value} fallback={<WrappingValue text={formatValue(value, column.format)} />} />
      {invalid && <span className="sr-only"> (invalid)</span>}
    </span>
  );
}

function UpdatedAt({ record, now }: { record: ObjectRecordSummary; now: number }) {
  const timestamp = record.updatedAt ?? record.createdAt;
  if (!timestamp) return <span className="text-slate-500">—</span>;
  const date = new Date(timestamp);
  return (
    <time dateTime={timestamp} title={formatExactTime(date)} className="whitespace-nowrap">
      {formatTimeAgo(date, now)}
    </time>
  );
}

function Badges({ objectType, record, page }: { objectType: ObjectType; record: ObjectRecordSummary; page: ObjectRecordPage }) {
  const badges = badgesOf(objectType, record.quality, page.fields);
  if (badges.length === 0) return <span className="text-sm text-emerald-700">No problems</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Problems">
      {badges.map((badge) => (
        <li key={badge.flag}>
          <FlagBadge flag={badge.flag}>{badge.text}</FlagBadge>
        </li>
      ))}
    </ul>
  );
}

function RecordLink({ objectType, record, search }: { objectType: ObjectType; record: ObjectRecordSummary; search: string }) {
  return (
    <Link
      to={`/objects/${objectType}/${encodeURIComponent(record.id)}`}
      state={{ listSearch: search }}
      className="font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {nameOf(objectType, record)}
    </Link>
  );
}

/** A table on wide screens; a card per record on phones. */
function Records({ objectType, page, search }: { objectType: ObjectType; page: ObjectRecordPage; search: string }) {
  const now = useNow();
  const columns = OBJECT_COLUMNS[objectType];
  return (
    <>
      {/* Wider than a small laptop's column: it scrolls sideways, with shadows at the edges that have more. */}
      <ScrollFrame label={`${OBJECT_TYPE_LABELS[objectType]}, scrolls sideways`} className="hidden md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{OBJECT_TYPE_LABELS[objectType]}, with their data-quality problems</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-3 pl-5 pr-3">
                Name
              </th>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-3 py-3">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-3 py-3">
                Updated
              </th>
              <th scope="col" className="py-3 pl-3 pr-5">
                Problems
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.records.map((record) => (
              <tr key={record.id} className="align-top hover:bg-slate-50">
                <th scope="row" className="max-w-56 py-3 pl-5 pr-3 font-normal">
                  <RecordLink objectType={objectType} record={record} search={search} />
                  <span className="block text-xs text-slate-500">ID {record.id}</span>
                </th>
                {columns.map((column) => (
                  <td key={column.header} className={`max-w-64 px-3 py-3 text-slate-700 ${column.nowrap ? 'whitespace-nowrap' : ''}`}>
                    <Value record={record} column={column} labels={page.valueLabels} />
                  </td>
                ))}
                <td className="px-3 py-3 text-slate-600">
                  <UpdatedAt record={record} now={now} />
                </td>
                <td className="py-3 pl-3 pr-5">
                  <Badges objectType={objectType} record={record} page={page} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label={OBJECT_TYPE_LABELS[objectType]}>
        {page.records.map((record) => (
          <li key={record.id} className="space-y-2 px-4 py-4">
            <div className="flex items-baseline justify-between gap-3">
              <RecordLink objectType={objectType} record={record} search={search} />
              <span className="shrink-0 text-xs text-slate-500">
                <UpdatedAt record={record} now={now} />
              </span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-slate-500">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-700">
                    <Value record={record} column={column} labels={page.valueLabels} />
                  </dd>
                </div>
              ))}
            </dl>
            <Badges objectType={objectType} record={record} page={page} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Pager({ page, onPage }: { page: ObjectRecordPage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const from = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const to = Math.min(page.total, page.page * page.pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600 sm:flex-row">
      <p aria-live="polite">
        {formatCount(from)}–{formatCount(to)} of {formatCount(page.total)}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
            Previous
          </Button>
          <span className="tabular-nums">
            Page {formatCount(page.page)} of {formatCount(pages)}
          </span>
          <Button variant="secondary" size="sm" disabled={page.page >= pages} onClick={() => onPage(page.page + 1)}>
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="space-y-3 p-5">
      <span className="sr-only">Loading records…</span>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

/** Nothing to show: no records at all yet, or none that match. */
function EmptyState({ objectType, page, list, onReset, onFirstPage }: { objectType: ObjectType; page: ObjectRecordPage; list: ObjectListParams; onReset: () => void; onFirstPage: () => void }) {
  const label = OBJECT_TYPE_LABELS[objectType].toLowerCase();
  if (page.counts.all === 0)
    return (
      <div className="px-6 py-14 text-center">
        <h2 className="text-base font-semibold text-slate-900">No {label} yet</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">DataCleaner copies your {label} from HubSpot when it scans. Run a scan from the dashboard and they appear here.</p>
        <ButtonLink to="/dashboard" variant="secondary" className="mt-5">
          Go to the dashboard
        </ButtonLink>
      </div>
    );
  if (page.total > 0)
    return (
      <div className="px-6 py-14 text-center">
        <h2 className="text-base font-semibold text-slate-900">This page is past the end of the list</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">There are {formatCount(page.total)} matching {label}.</p>
        <Button variant="secondary" className="mt-5" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </div>
    );
  const flagOnly = list.flag !== null && !list.search;
  return (
    <div className="px-6 py-14 text-center">
      <h2 className="text-base font-semibold text-slate-900">{flagOnly ? `No ${label} with this problem` : `No ${label} match`}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        {flagOnly ? 'Nothing to fix here.' : list.search ? `Nothing matches “${list.search}”${list.flag ? ` among the ${FLAG_INFO[list.flag].label.toLowerCase()} records` : ''}.` : ''}
      </p>
      <Button variant="secondary" className="mt-5" onClick={onReset}>
        Show all {label}
      </Button>
    </div>
  );
}

/** /objects/{type}: the mirrored records, searched, filtered by a problem, paged. */
export function ObjectList({ objectType }: { objectType: ObjectType }) {
  const [params, setParams] = useSearchParams();
  const list = listParamsFrom(params);
  const query = useObjectRecords(objectType, list);
  const page = query.data;
  const label = OBJECT_TYPE_LABELS[objectType];

  const update = useCallback(
    (changes: Partial<ObjectListParams>, replace = false) =>
      setParams((current) => paramsOf({ ...listParamsFrom(current), page: 1, ...changes }), { replace }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }, true), [update]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{label}</h1>
          <p className="mt-1 text-slate-600">
            Every {ONE_OF[objectType]} DataCleaner copied from HubSpot, with its data-quality problems marked.
            {page && page.counts.all > 0 && <span className="font-medium text-slate-800"> {formatCount(page.counts.all)} in all.</span>}
          </p>
        </div>
        <TypeNav current={objectType} />
      </div>

      <section aria-label={`${label} list`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="space-y-4 border-b border-slate-100 p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchBox
              key={objectType}
              value={list.search}
              onSearch={onSearch}
              label={`Search ${label.toLowerCase()}`}
              hint={SEARCH_HINTS[objectType]}
            />
            <div className="flex items-center gap-2">
              <label htmlFor="objects-sort" className="whitespace-nowrap text-sm text-slate-600">
                Sort by
              </label>
              <select
                id="objects-sort"
                value={list.sort}
                onChange={(event) => update({ sort: event.target.value as ObjectSort })}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
              >
                {OBJECT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
              {query.isFetching && !query.isPending && <Spinner className="h-4 w-4 text-brand-600" />}
            </div>
            {page && page.total > 0 && (
              <DownloadLink href={objectRecordsCsvUrl(objectType, list)} className="self-start sm:ml-auto sm:self-auto">
                Download CSV
              </DownloadLink>
            )}
          </div>
          {page && page.counts.all > 0 && (
            <>
              <FlagChips page={page} flag={list.flag} onChange={(flag) => update({ flag })} />
              {list.flag && <p className="text-sm text-slate-600">{FLAG_INFO[list.flag].meaning(page.staleAfterDays)}</p>}
            </>
          )}
        </div>

        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError || !page ? (
          <div className="p-5">
            <SectionError role="status" message={`Your ${label.toLowerCase()} could not be loaded. Check your connection and try again.`} onRetry={() => void query.refetch()} />
          </div>
        ) : page.records.length === 0 ? (
          <EmptyState objectType={objectType} page={page} list={list} onReset={() => setParams(new URLSearchParams())} onFirstPage={() => update({ page: 1 })} />
        ) : (
          <>
            <Records objectType={objectType} page={page} search={params.toString()} />
            <Pager page={page} onPage={(next) => update({ page: next })} />
          </>
        )}
      </section>
      <p className="sr-only" aria-live="polite">
        {page && !query.isFetching ? `${formatCount(page.total)} ${page.total === 1 ? ONE_OF[objectType] : label.toLowerCase()} found` : ''}
      </p>
    </div>
  );
}
