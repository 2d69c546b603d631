import { Link, useLocation } from 'react-router';
import type { ObjectField, ObjectRecordView } from '../../../shared/contracts/objects';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { DATE_PROPERTIES, recordTitle } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import { ButtonLink } from '../../components/ui/button';
import { AlertIcon, CheckIcon, DuplicatesIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api-request';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import { formatExactTime, formatTimeAgo } from '../dashboard/time-ago';
import { useNow } from '../dashboard/use-now';
import { ConfidenceBadge } from '../duplicates/confidence-badge';
import { describeMatch } from '../duplicates/group-summary';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { useObjectRecord } from './api/get-object-record';
import { formatValue, ONE_OF } from './object-columns';
import { FLAG_INFO, describeProblems } from './quality-flags';
import { LabelledValue } from '../../components/labelled-value';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Back to the list as the user left it (search, filter, page), when they came from it. */
function BackLink({ objectType }: { objectType: ObjectType }) {
  const state = useLocation().state as { listSearch?: unknown } | null;
  const search = typeof state?.listSearch === 'string' && state.listSearch ? `?${state.listSearch}` : '';
  return (
    <Link to={`/objects/${objectType}${search}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">
      <span aria-hidden="true">←</span> All {OBJECT_TYPE_LABELS[objectType].toLowerCase()}
    </Link>
  );
}

function When({ label, timestamp, now }: { label: string; timestamp: string | null; now: number }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">
        {timestamp ? (
          <time dateTime={timestamp} title={formatExactTime(new Date(timestamp))}>
            {formatTimeAgo(new Date(timestamp), now)}
          </time>
        ) : (
          'Unknown'
        )}
      </dd>
    </div>
  );
}

/** What is wrong with the record, one sentence per problem; or that nothing is. */
function Problems({ record }: { record: ObjectRecordView }) {
  const problems = describeProblems(record.objectType, record.quality, record.staleAfterDays);
  if (problems.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-800">
        <CheckIcon className="h-5 w-5 text-emerald-600" />
        No problems found: the key fields are filled in{record.checks.includes('invalid-email') || record.checks.includes('invalid-phone') ? ', the contact details are valid' : ''} and the record is up to date.
      </p>
    );
  return (
    <ul className="space-y-3">
      {problems.map((problem, index) => (
        <li key={index} className="flex gap-3">
          <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${FLAG_INFO[problem.flag].dot}`} />
          <div>
            <p className="text-sm font-medium text-slate-900">{problem.text}</p>
            <p className="text-xs text-slate-500">
              {FLAG_INFO[problem.flag].label}: {FLAG_INFO[problem.flag].meaning(record.staleAfterDays)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function PropertyValue({ record, field }: { record: ObjectRecordView; field: ObjectField }) {
  const value = record.properties[field.property];
  const problem = [...record.quality.invalidEmails, ...record.quality.invalidPhones].find((p) => p.property === field.property);
  if (value === undefined || value === null || value.trim() === '') {
    return record.quality.missingFields.includes(field.property) ? (
      <span className="inline-flex items-center gap-1 font-medium text-amber-700">
        <AlertIcon className="h-4 w-4" />
        Missing
      </span>
    ) : (
      <span className="text-slate-500">Empty</span>
    );
  }
  return (
    <span className={`break-words ${problem ? 'font-medium text-rose-700' : 'text-slate-900'}`}>
      <LabelledValue labels={record.valueLabels} property={field.property} value={value} fallback={formatValue(value, DATE_PROPERTIES.has(field.property) ? 'date' : undefined)} />
      {problem && <span className="ml-2 text-xs font-semibold uppercase tracking-wide text-rose-600">{problem.reason === 'needs-country-code' ? 'No country code' : 'Invalid'}</span>}
    </span>
  );
}

function PropertyList({ record, fields, id }: { record: ObjectRecordView; fields: ObjectField[]; id: string }) {
  return (
    <dl aria-labelledby={id} className="divide-y divide-slate-100">
      {fields.map((field) => (
        <div key={field.property} className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm text-slate-500">{field.label}</dt>
          <dd className="text-sm sm:col-span-2">
            <PropertyValue record={record} field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DuplicateGroupCard({ group, record }: { group: DuplicateGroupView; record: ObjectRecordView }) {
  const others = group.records.filter((member) => member.id !== record.id);
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{describeMatch(group)}</p>
        <ConfidenceBadge probability={group.confidence} />
      </div>
      <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-500">Possibly the same as</p>
      <ul className="mt-1 space-y-1">
        {others.map((member) => (
          <li key={member.id} className="text-sm">
            <Link
              to={`/objects/${record.objectType}/${encodeURIComponent(member.id)}`}
              className="font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {recordTitle(record.objectType, member.properties, member.id)}
            </Link>
            <span className="text-slate-500"> · ID {member.id}</span>
          </li>
        ))}
      </ul>
      <ButtonLink to={`/duplicates?group=${group.id}`} variant="secondary" size="sm" className="mt-3">
        Review this group
      </ButtonLink>
    </li>
  );
}

function RecordDetails({ record }: { record: ObjectRecordView }) {
  const now = useNow();
  const keyFields = record.fields.filter((f) => f.key);
  const otherFields = record.fields.filter((f) => !f.key && record.properties[f.property] !== undefined);
  const title = record.name ?? recordTitle(record.objectType, record.properties, record.id);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="space-y-3">
        <BackLink objectType={record.objectType} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-500">
              {capitalized(ONE_OF[record.objectType])} · ID {record.id}
            </p>
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          </div>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DashboardPanel id="record-problems" title="Data quality" description={`What DataCleaner found wrong with this ${ONE_OF[record.objectType]}.`}>
            <Problems record={record} />
          </DashboardPanel>
          <DashboardPanel id="record-key-fields" title="Key fields" description={`The fields every ${ONE_OF[record.objectType]} should have.`}>
            <PropertyList record={record} fields={keyFields} id="record-key-fields" />
          </DashboardPanel>
          {otherFields.length > 0 && (
            <DashboardPanel id="record-other-fields" title="Other properties">
              <PropertyList record={record} fields={otherFields} id="record-other-fields" />
            </DashboardPanel>
          )}
        </div>
        <div className="space-y-6">
          <DashboardPanel
            id="record-duplicates"
            title="Possible duplicates"
            description={record.duplicateGroups.length ? 'Groups found by the last scan, waiting for your review.' : undefined}
          >
            {record.duplicateGroups.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <DuplicatesIcon className="h-5 w-5 text-slate-400" />
                No duplicates waiting for review.
              </p>
            ) : (
              <ul className="space-y-3">
                {record.duplicateGroups.map((group) => (
                  <DuplicateGroupCard key={group.id} group={group} record={record} />
                ))}
              </ul>
            )}
          </DashboardPanel>
          <DashboardPanel id="record-history" title="History">
            <dl className="space-y-3">
              <When label="Created in HubSpot" timestamp={record.createdAt} now={now} />
              <When label="Last updated in HubSpot" timestamp={record.updatedAt} now={now} />
              <When label="Copied from HubSpot" timestamp={record.syncedAt} now={now} />
            </dl>
          </DashboardPanel>
        </div>
      </div>
    </div>
  );
}

/** /objects/{type}/{id}: one record, its problems in words, its properties and its possible duplicates. */
export function ObjectRecord({ objectType, id }: { objectType: ObjectType; id: string }) {
  const query = useObjectRecord(objectType, id);
  if (query.isPending)
    return (
      <div role="status" className="mx-auto max-w-6xl space-y-4">
        <span className="sr-only">Loading the {ONE_OF[objectType]}…</span>
        <div aria-hidden="true" className="h-8 w-64 animate-pulse rounded-lg bg-slate-200/70" />
        <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  if (query.isError) {
    const notFound = query.error && 'status' in query.error && query.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink objectType={objectType} />
        {notFound ? (
          <div className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
            <h1 className="text-xl font-bold text-slate-900">{`This ${ONE_OF[objectType]} is not in your data`}</h1>
            <p className="mt-2 text-sm text-slate-600">{serverMessage(query.error) ?? `No ${ONE_OF[objectType]} with id ${id}.`}</p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{`${capitalized(ONE_OF[objectType])} ${id}`}</h1>
            <SectionError role="status" message={`This ${ONE_OF[objectType]} could not be loaded. Check your connection and try again.`} onRetry={() => void query.refetch()} />
          </>
        )}
      </div>
    );
  }
  return <RecordDetails record={query.data} />;
}
