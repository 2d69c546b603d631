import { Link, useLocation } from 'react-router';
import type { Recommendation, RecommendationSeverity } from '../../../shared/contracts/recommendations';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-request';
import { DEMO_BASE_PATH, demoApiUrl, isDemoMode } from '../../lib/demo-mode';
import { useRecommendations, useSetRecommendationState } from './use-recommendations';

const SEVERITY_STYLES: Readonly<Record<RecommendationSeverity, { label: string; className: string }>> = {
  high: { label: 'High', className: 'bg-red-100 text-red-800' },
  medium: { label: 'Medium', className: 'bg-amber-100 text-amber-800' },
  low: { label: 'Low', className: 'bg-slate-100 text-slate-700' },
};

const number = new Intl.NumberFormat();

function gainText(r: Recommendation): string | null {
  const parts = [
    r.expectedGain.healthPoints !== null && r.expectedGain.healthPoints > 0 ? `+${r.expectedGain.healthPoints} health points` : null,
    r.expectedGain.duplicatesRemoved ? `${number.format(r.expectedGain.duplicatesRemoved)} duplicates removed` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function evidenceText(r: Recommendation): string | null {
  const { recordsAffected, totalRecords, percent, properties } = r.evidence;
  if (recordsAffected === 0) return properties.length ? `Setting: ${properties.join(', ')}` : null;
  const share = percent !== null && totalRecords > 0 ? ` of ${number.format(totalRecords)} (${percent}%)` : '';
  return `${number.format(recordsAffected)} records${share}${properties.length ? ` · ${properties.join(', ')}` : ''}`;
}

function ActionLink({ r, demo }: { r: Recommendation; demo: boolean }) {
  if (r.action.kind === 'csv') {
    const href = demo ? demoApiUrl(r.action.href, { write: false }) : r.action.href;
    return (
      <a href={href} download className={buttonClasses({ size: 'sm' })}>
        {r.action.label}
      </a>
    );
  }
  return (
    <ButtonLink to={`${demo ? DEMO_BASE_PATH : ''}${r.action.href}`} size="sm">
      {r.action.label}
    </ButtonLink>
  );
}

function RecommendationItem({ r, demo }: { r: Recommendation; demo: boolean }) {
  const setState = useSetRecommendationState();
  const severity = SEVERITY_STYLES[r.severity];
  const gain = gainText(r);
  const evidence = evidenceText(r);
  const error = setState.error ? (serverMessage(setState.error) ?? 'That did not work. Please try again.') : null;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-recommendation={r.key}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${severity.className}`}>{severity.label}</span>
        <h3 className="text-sm font-semibold text-slate-900">{r.title}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-600">{r.explanation}</p>
      {(evidence || gain) && (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {evidence && (
            <div>
              <dt className="sr-only">Evidence</dt>
              <dd>{evidence}</dd>
            </div>
          )}
          {gain && (
            <div>
              <dt className="sr-only">Expected gain</dt>
              <dd className="font-medium text-emerald-700">{gain}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <ActionLink r={r} demo={demo} />
        {!demo && (
          <>
            <Button variant="secondary" size="sm" disabled={setState.isPending} onClick={() => setState.mutate({ key: r.key, status: 'done' })}>
              Mark done
            </Button>
            <Button variant="ghost" size="sm" disabled={setState.isPending} onClick={() => setState.mutate({ key: r.key, status: 'dismissed' })}>
              Dismiss
            </Button>
          </>
        )}
        {setState.isPending && <Spinner className="h-4 w-4" />}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** The first `limit`, one per rule before a rule repeats: a short list shows different kinds of fixes. */
function firstOfEachRule(list: readonly Recommendation[], limit: number): Recommendation[] {
  const seen = new Set<string>();
  const firsts = list.filter((r) => !seen.has(r.rule) && seen.add(r.rule));
  const rest = list.filter((r) => !firsts.includes(r));
  return [...firsts, ...rest].slice(0, limit);
}

/** The recommendations, most useful first: all of them, or the first `limit` (the dashboard's card). Also shown on /ai. */
export function RecommendationList({ limit }: { limit?: number }) {
  const demo = isDemoMode(useLocation().pathname);
  const query = useRecommendations();
  if (query.isPending)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="h-4 w-4" /> Loading recommendations…
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <p>The recommendations could not be loaded.</p>
        <button type="button" onClick={() => void query.refetch()} className="rounded-lg border border-red-300 px-3 py-1 font-semibold hover:bg-red-50">
          Retry
        </button>
      </div>
    );
  const list = query.data.recommendations;
  if (list.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Nothing to fix right now: your latest scans raised no problems worth acting on.
        {query.data.hidden > 0 && ` (${query.data.hidden} you dismissed or completed still apply.)`}
      </p>
    );
  const shown = limit ? firstOfEachRule(list, limit) : list;
  return (
    <div>
      <ul className="space-y-3">
        {shown.map((r) => (
          <RecommendationItem key={r.key} r={r} demo={demo} />
        ))}
      </ul>
      {limit && list.length > limit && (
        <p className="mt-3 text-sm text-slate-500">
          {list.length - limit} more on the{' '}
          <Link to={`${demo ? DEMO_BASE_PATH : ''}/ai`} className="font-medium text-brand-700 hover:underline">
            AI page
          </Link>
          .
        </p>
      )}
    </div>
  );
}
