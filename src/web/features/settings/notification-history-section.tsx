import { useState } from 'react';
import type { DeliveryKind, DeliveryStatus, NotificationDeliveryView, NotificationEventKind } from '../../../shared/contracts/notifications';
import { Button } from '../../components/ui/button';
import { ChatIcon, MailIcon } from '../../components/ui/icons';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { SectionError } from '../dashboard/dashboard-panel';
import { formatClockTime, formatDay, formatExactTime } from '../dashboard/time-ago';
import { useNotificationHistory } from './api/notification-history';
import { SettingsSection } from './settings-controls';

const EVENT_LABELS: Readonly<Record<NotificationEventKind, string>> = {
  'scan.completed': 'Scan finished',
  'scan.failed': 'Scan failed',
  'duplicates.found': 'New duplicates',
  'health.changed': 'Health score changed',
  'cleanup.completed': 'Automatic cleanup',
};

const KIND_LABELS: Readonly<Record<DeliveryKind, string>> = {
  scan: 'Scan finished',
  cleanup: 'Automatic cleanup',
  digest: 'Digest',
  'weekly-report': 'Weekly report',
  test: 'Test',
};

const STATUS_STYLES: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  sending: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  retrying: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-800 ring-red-600/20',
};

/** What a notification told of, in words: its events, or what kind of message it was. */
export function describeDelivery(delivery: Pick<NotificationDeliveryView, 'kind' | 'events'>): string {
  const events = delivery.events.map((kind) => EVENT_LABELS[kind]);
  if (delivery.kind === 'scan' && events.length > 0) return events.join(', ');
  if (delivery.kind === 'digest' && events.length > 0) return `${KIND_LABELS.digest}: ${events.join(', ')}`;
  return KIND_LABELS[delivery.kind];
}


/** A retry is minutes away: its time alone, with the date only when it is not today. */
function retryTime(at: Date): string {
  return at.toDateString() === new Date().toDateString() ? formatClockTime(at) : formatExactTime(at);
}

function statusLabel(delivery: NotificationDeliveryView): string {
  switch (delivery.status) {
    case 'pending':
      return 'Waiting';
    case 'sending':
      return 'Sending';
    case 'retrying':
      return delivery.nextAttemptAt ? `Retrying at ${retryTime(new Date(delivery.nextAttemptAt))}` : 'Retrying';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Failed';
  }
}

function ChannelName({ channel }: { channel: NotificationDeliveryView['channel'] }) {
  const Icon = channel === 'email' ? MailIcon : ChatIcon;
  return (
    <span className="inline-flex items-center gap-1.5 text-slate-700">
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      {channel === 'email' ? 'Email' : 'Slack'}
    </span>
  );
}

const COLUMNS = ['When', 'Channel', 'Notification', 'Sent to', 'Status'] as const;

const cell = 'md:table-cell md:border-b md:border-slate-100 md:px-3 md:py-3 md:align-top';

/**
 * One notification. A table row at desktop widths; on a phone the same cells are laid out as
 * a card (channel and time, then subject, then status), so there is one list to read.
 */
function DeliveryRow({ delivery }: { delivery: NotificationDeliveryView }) {
  const problem = delivery.status === 'failed' || delivery.status === 'retrying' ? delivery.error : null;
  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 border-b border-slate-100 px-5 py-4 last:border-b-0 sm:px-6 md:table-row md:border-0 md:p-0">
      <td className={`order-2 col-span-2 text-xs text-slate-500 md:pl-6 md:text-sm md:text-slate-700 md:whitespace-nowrap ${cell}`}>
        {/* Date and time on two lines in the table, one line on a card. */}
        <time dateTime={delivery.createdAt}>
          <span className="md:block">{formatDay(new Date(delivery.createdAt))}</span>
          <span className="md:hidden">, </span>
          <span className="md:block">{formatClockTime(new Date(delivery.createdAt))}</span>
        </time>
      </td>
      <td className={`order-1 text-sm font-medium md:font-normal ${cell}`}>
        <ChannelName channel={delivery.channel} />
      </td>
      <td className={`order-3 col-span-2 min-w-0 text-sm ${cell}`}>
        <p className="font-medium break-words text-slate-900">{delivery.subject}</p>
        <p className="text-slate-600">{describeDelivery(delivery)}</p>
        {problem && <p className="mt-1 break-words text-red-800">{problem}</p>}
      </td>
      <td className={`order-4 col-span-2 min-w-0 text-sm break-words text-slate-700 md:whitespace-nowrap ${cell}`}>
        <span className="text-slate-500 md:hidden">To </span>
        {delivery.target}
      </td>
      <td className={`order-1 text-right md:pr-6 md:text-left ${cell}`}>
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[delivery.status]}`}>{statusLabel(delivery)}</span>
      </td>
    </tr>
  );
}

/** Settings, Notification history: every email and Slack message, sent or not, newest first, a page at a time. */
export function NotificationHistorySection() {
  const [page, setPage] = useState(1);
  const history = useNotificationHistory(page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <SettingsSection id="notification-history" title="Notification history" description="Every email and Slack message DataCleaner sent you, or tried to, with what went wrong when one failed.">
      <div className="-mx-5 -my-5 sm:-mx-6">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3 sm:px-6">
          <p className="text-sm text-slate-600" aria-live="polite">
            {data ? (data.total === 0 ? 'Nothing yet' : `${data.total} ${data.total === 1 ? 'notification' : 'notifications'}`) : '\u00a0'}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()} disabled={history.isFetching}>
            {history.isFetching && !history.isPending ? <Spinner className="h-4 w-4" /> : null}
            Refresh
          </Button>
        </div>
        {history.isPending ? (
          <LoadingState label="Loading your notifications" className="py-12" />
        ) : history.isError && !data ? (
          <div className="p-5 sm:p-6">
            <SectionError message="Your notification history could not be loaded." onRetry={() => void history.refetch()} />
          </div>
        ) : !data || data.total === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6">No notifications yet: they appear here after your next scan.</p>
        ) : (
          <>
            <table className="block w-full text-left md:table">
              <caption className="sr-only">Notifications, newest first</caption>
              <thead className="sr-only md:not-sr-only md:table-header-group">
                <tr className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {COLUMNS.map((column, i) => (
                    <th key={column} scope="col" className={`px-3 py-2 font-semibold ${i === 0 ? 'pl-6' : i === COLUMNS.length - 1 ? 'pr-6' : ''}`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block md:table-row-group">
                {data.deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <nav aria-label="Pages of notification history" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 sm:px-6">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <span className="text-sm text-slate-600">
                  Page {page} of {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </SettingsSection>
  );
}
