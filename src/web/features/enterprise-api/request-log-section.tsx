import { useState } from 'react';
import type { ApiRequestView } from '../../../shared/contracts/enterprise-api';
import { Button } from '../../components/ui/button';
import { ScrollFrame } from '../../components/ui/scroll-frame';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import { REQUEST_TIME_RANGES, REQUESTS_PAGE_SIZE, useRequestLog, type RequestStatusFilter, type RequestTimeRange } from './api/enterprise-api-requests';
import { formatDateTime } from './enterprise-api-words';
import { SectionLoading } from './section-loading';

const STATUS_OPTIONS: { value: RequestStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Errors' },
];

function StatusCode({ code }: { code: number }) {
  const tone = code >= 500 ? 'bg-red-50 text-red-800' : code >= 400 ? 'bg-amber-50 text-amber-800' : 'bg-emerald-50 text-emerald-800';
  return <span className={`inline-flex rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${tone}`}>{code}</span>;
}

function RequestRow({ request }: { request: ApiRequestView }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-3 text-slate-600 sm:whitespace-nowrap">{formatDateTime(request.timestamp)}</td>
      <td className="py-2 pr-3">
        <span className="font-mono text-xs text-slate-900">
          <span className="font-semibold">{request.method}</span> <span className="whitespace-nowrap">{request.endpoint}</span>
        </span>
        {request.errorMessage && <p className="mt-0.5 break-words text-xs text-red-700">{request.errorMessage}</p>}
      </td>
      <td className="py-2 pr-3">
        <StatusCode code={request.statusCode} />
      </td>
      <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-600">{request.responseTimeMs} ms</td>
    </tr>
  );
}

/** The request log: newest first, filtered by outcome, route and time, a page at a time (the API keeps 90 days). */
export function RequestLogSection() {
  const [status, setStatus] = useState<RequestStatusFilter>('all');
  const [endpoint, setEndpoint] = useState('');
  const [range, setRange] = useState<RequestTimeRange>('all');
  const [page, setPage] = useState(1);
  const log = useRequestLog({ status, endpoint, page, range });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / REQUESTS_PAGE_SIZE)) : 1;

  return (
    <DashboardPanel id="api-requests" title="Request log" description="Every call to /api/v1, newest first.">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Status</legend>
          <div className="mt-1.5 inline-flex rounded-lg bg-slate-100 p-1">
            {STATUS_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={status === option.value}
                onClick={() => {
                  setStatus(option.value);
                  setPage(1);
                }}
                className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${status === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="block min-w-0 flex-1 text-sm font-medium text-slate-800">
          Endpoint contains
          <input
            type="search"
            value={endpoint}
            placeholder="/api/v1/duplicates"
            maxLength={200}
            onChange={(e) => {
              setEndpoint(e.target.value);
              setPage(1);
            }}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Time
          <select
            value={range}
            onChange={(e) => {
              setRange(e.target.value as RequestTimeRange);
              setPage(1);
            }}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:w-auto"
          >
            {REQUEST_TIME_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {log.isPending ? (
        <SectionLoading label="Loading the request log…" />
      ) : log.isError ? (
        <div className="mt-4">
          <SectionError message="The request log could not be loaded." onRetry={() => void log.refetch()} />
        </div>
      ) : log.data.requests.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{status === 'all' && !endpoint.trim() && range === 'all' ? 'No calls yet. Calls made with your keys show up here.' : 'No calls match these filters.'}</p>
      ) : (
        <>
          <ScrollFrame label="API calls, scrolls sideways" className="mt-4">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">Time</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Call</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Status</th>
                  <th scope="col" className="py-2 text-right font-semibold">Time taken</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {log.data.requests.map((request) => (
                  <RequestRow key={request.id} request={request} />
                ))}
              </tbody>
            </table>
          </ScrollFrame>
          <nav aria-label="Request log pages" className="mt-4 flex items-center justify-between gap-2 text-sm text-slate-600">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span>
              Page {page} of {pages} · {log.data.total.toLocaleString()} calls
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </nav>
        </>
      )}
    </DashboardPanel>
  );
}
