import { Link } from 'react-router';
import type { ObjectHealth } from '../../../shared/contracts/results';
import { howToFillProperty, whyPropertyMatters } from '../../../shared/issue-advice';
import type { ObjectType } from '../../../shared/object-types';
import { AlertIcon, CheckIcon, DuplicatesIcon } from '../../components/ui/icons';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { formatCount, formatShare } from './format-numbers';

type Issue = ObjectHealth['topIssues'][number];

interface RankedIssue {
  objectType: ObjectType;
  totalRecords: number;
  issue: Issue;
  /** HubSpot's label of the missing property, from the fill rates of the same scan. */
  propertyLabel: string | null;
  /** Its place among its object type's issues of the same kind, which the server ranks by how much each gap weighs. */
  rank: number;
}

const MAX_ISSUES = 6;

/** Duplicates first, then each object type's worst gap before anyone's second, bigger shares first. */
export function rankIssues(objects: readonly ObjectHealth[], limit = MAX_ISSUES): RankedIssue[] {
  return objects
    .flatMap((o) =>
      o.topIssues.map((issue, index) => ({
        objectType: o.objectType,
        totalRecords: o.totalRecords,
        issue,
        propertyLabel: o.fillRates.find((fill) => fill.property === issue.property)?.label ?? null,
        rank: o.topIssues.slice(0, index).filter((earlier) => earlier.kind === issue.kind).length,
      })),
    )
    .sort((a, b) => kindOrder(a.issue) - kindOrder(b.issue) || a.rank - b.rank || b.issue.share - a.issue.share)
    .slice(0, limit);
}

function kindOrder(issue: Issue): number {
  return issue.kind === 'duplicates' ? 0 : 1;
}

function IssueItem({ item, basePath }: { item: RankedIssue; basePath: string }) {
  const { issue, objectType, totalRecords, propertyLabel } = item;
  const label = OBJECT_TYPE_LABELS[objectType];
  const records = label.toLowerCase();
  const duplicates = issue.kind === 'duplicates';
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4">
      <span aria-hidden="true" className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl ${duplicates ? 'bg-indigo-50 text-indigo-600' : 'bg-amber-50 text-amber-600'}`}>
        {duplicates ? <DuplicatesIcon /> : <AlertIcon />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-sm font-semibold text-slate-900">{issue.label}</h3>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{label}</span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {duplicates
            ? `${formatCount(issue.records)} ${records} (${formatShare(issue.share)} of those scanned) belong to a group of duplicates.`
            : `${formatCount(issue.records)} of ${formatCount(totalRecords)} ${records} (${formatShare(issue.share)}) ${propertyLabel ? `have an empty ${propertyLabel} field` : 'are missing this value'}.`}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Why it matters: </span>
          {duplicates ? 'Duplicates split a customer’s history across records, inflate your counts and can get the same person emailed twice.' : whyPropertyMatters(issue.property)}
        </p>
        {duplicates ? (
          <Link
            to={`${basePath}/duplicates?objectType=${objectType}`}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Review and merge duplicate {records}
            <span aria-hidden="true">&nbsp;→</span>
          </Link>
        ) : (
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium text-slate-900">What to do: </span>
            {howToFillProperty(objectType)}
          </p>
        )}
      </div>
    </li>
  );
}

/** The few things most worth fixing across the object types, each with what to do about it. */
export function TopIssues({ objects, basePath }: { objects: readonly ObjectHealth[]; basePath: string }) {
  const issues = rankIssues(objects);
  if (issues.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-xl bg-emerald-50 px-4 py-5 text-sm text-emerald-900">
        <CheckIcon className="h-5 w-5 shrink-0" />
        <p>No issues stand out in the latest scan: no duplicates, and every key property is at least 95% filled.</p>
      </div>
    );
  }
  return (
    <ol className="divide-y divide-slate-100">
      {issues.map((item) => (
        <IssueItem key={`${item.objectType}-${item.issue.kind}-${item.issue.property ?? item.rank}`} item={item} basePath={basePath} />
      ))}
    </ol>
  );
}
