import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEventType } from '../../../shared/contracts/webhooks';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import {
  DELIVERIES_PAGE_SIZE,
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './api/enterprise-api-requests';
import { WEBHOOK_VERIFY_SNIPPETS } from './api-examples';
import { CopyButton } from './copy-button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDateTime, writeErrorMessage } from './enterprise-api-words';
import { SecretOnce } from './secret-once';
import { SectionLoading } from './section-loading';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'scan.completed': 'Scan completed',
  'duplicates.found': 'Duplicates found',
  'merge.completed': 'Merge completed',
  'health.changed': 'Health score changed',
};

function AddEndpointForm({ onCreated, onError }: { onCreated: (secret: { url: string; secret: string }) => void; onError: (message: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['scan.completed']);
  const toggle = (event: WebhookEventType) => setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (endpoint) => {
          onCreated({ url: endpoint.url, secret: endpoint.secret });
          setUrl('');
        },
        onError: (error) => onError(writeErrorMessage(error, 'The endpoint could not be added. Try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a webhook endpoint" className="space-y-3">
      <Field label="Endpoint URL" type="url" placeholder="https://example.com/hooks/datacleaner" value={url} onChange={(e) => setUrl(e.target.value)} required />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} className="h-4 w-4 rounded border-slate-300 text-brand-700" />
              {EVENT_LABELS[event]} <span className="font-mono text-xs text-slate-500">{event}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
        {create.isPending ? 'Adding…' : 'Add endpoint'}
      </Button>
    </form>
  );
}

function EndpointRow({ endpoint, onSecret, onError, onDelete }: { endpoint: WebhookEndpointView; onSecret: (s: { url: string; secret: string }) => void; onError: (m: string) => void; onDelete: () => void }) {
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [tested, setTested] = useState<string | null>(null);
  const failed = (what: string) => (error: unknown) => onError(writeErrorMessage(error, `Could not ${what}. Try again.`));
  return (
    <li className="py-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-sm text-slate-900">{endpoint.url}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${endpoint.enabled ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
          </p>
          {endpoint.description && <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p>}
          <p className="mt-1 text-xs text-slate-500">
            {endpoint.events.map((e) => EVENT_LABELS[e]).join(', ')} · Secret {endpoint.secretPrefix}… · Added {formatDateTime(endpoint.createdAt)}
          </p>
          {tested && <p role="status" className="mt-1 text-xs text-slate-700">{tested}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={test.isPending} onClick={() => test.mutate(endpoint.id, { onSuccess: ({ delivery }) => setTested(`Test event sent: ${delivery.status}${delivery.lastStatusCode ? ` (HTTP ${delivery.lastStatusCode})` : ''}.`), onError: failed('send the test event') })}>
            Send test event
          </Button>
          <Button variant="secondary" size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, { onError: failed('change the endpoint') })}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="secondary" size="sm" disabled={rotate.isPending} onClick={() => rotate.mutate(endpoint.id, { onSuccess: (e) => onSecret({ url: e.url, secret: e.secret }), onError: failed('rotate the secret') })}>
            Rotate secret
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

const DELIVERY_TONES: Record<WebhookDeliveryView['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  sending: 'bg-sky-50 text-sky-800',
  retrying: 'bg-amber-50 text-amber-800',
  delivered: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

function Deliveries() {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page, null);
  if (deliveries.isPending) return <SectionLoading label="Loading deliveries…" />;
  if (deliveries.isError) return <SectionError message="The deliveries could not be loaded." onRetry={() => void deliveries.refetch()} />;
  const { total } = deliveries.data;
  const pages = Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Deliveries</h3>
      {deliveries.data.deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing sent yet. Use "Send test event" to try an endpoint.</p>
      ) : (
        <ul aria-label="Webhook deliveries" className="mt-2 divide-y divide-slate-100">
          {deliveries.data.deliveries.map((d) => (
            <li key={d.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${DELIVERY_TONES[d.status]}`}>{d.status}</span>
                  <span className="font-mono text-xs text-slate-900">{d.eventType}</span>
                  <span className="break-all text-xs text-slate-500">{d.endpointUrl}</span>
                </p>
                {d.lastError && <p className="mt-0.5 break-words text-xs text-red-700">{d.lastError}</p>}
              </div>
              <p className="shrink-0 text-xs text-slate-600">
                {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {d.lastStatusCode === null ? 'no answer' : `HTTP ${d.lastStatusCode}`}
                {d.nextAttemptAt ? ` · next ${formatDateTime(d.nextAttemptAt)}` : ` · ${formatDateTime(d.deliveredAt ?? d.createdAt)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Delivery pages" className="mt-3 flex items-center justify-between text-sm text-slate-600">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}

/** Webhook endpoints (signing secret shown once) and what was delivered to them. */
/** The signature check a receiver must make, ready to copy (the API docs say the same). */
function VerifyHelp() {
  return (
    <details className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-900">How to verify a delivery</summary>
      <p className="mt-2">
        Each delivery carries <code className="font-mono text-xs">X-DataCleaner-Signature: v1=…</code>, the hex HMAC-SHA256 of the{' '}
        <code className="font-mono text-xs">X-DataCleaner-Timestamp</code> header, a dot and the raw body, keyed with the endpoint&apos;s signing secret. Compare in
        constant time, refuse timestamps older than 5 minutes, and ignore an <code className="font-mono text-xs">X-DataCleaner-Delivery</code> id you have
        handled: retries repeat it. Answer 2xx within 10 seconds.
      </p>
      {(['javascript', 'python'] as const).map((language) => (
        <div key={language} className="mt-3">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{language === 'javascript' ? 'Node' : 'Python'}</h3>
            <CopyButton text={WEBHOOK_VERIFY_SNIPPETS[language]} label="Copy code" />
          </div>
          <pre className="mt-1 whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
            <code>{WEBHOOK_VERIFY_SNIPPETS[language]}</code>
          </pre>
        </div>
      ))}
    </details>
  );
}

export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhook();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const onError = (message: string) => {
    setError(message);
    setSecret(null);
  };
  const onSecret = (value: { url: string; secret: string }) => {
    setError(null);
    setSecret(value);
  };
  return (
    <DashboardPanel id="api-webhooks" title="Webhooks" description="We POST signed JSON to your endpoints when things happen. Failed deliveries are retried for 24 hours.">
      <AddEndpointForm onCreated={onSecret} onError={onError} />
      <div className="mt-4 space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        {secret && <SecretOnce title={`Signing secret for ${secret.url}`} secret={secret.secret} onDone={() => setSecret(null)} />}
      </div>
      {endpoints.isPending ? (
        <SectionLoading label="Loading your endpoints…" />
      ) : endpoints.isError ? (
        <div className="mt-4">
          <SectionError message="Your webhook endpoints could not be loaded." onRetry={() => void endpoints.refetch()} />
        </div>
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No endpoints yet.</p>
      ) : (
        <ul aria-label="Webhook endpoints" className="mt-2 divide-y divide-slate-100">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={onSecret} onError={onError} onDelete={() => setDeleting(endpoint)} />
          ))}
        </ul>
      )}
      <VerifyHelp />
      <div className="mt-6 border-t border-slate-100 pt-4">
        <Deliveries />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${deleting?.url ?? ''}. Deliveries still being retried stop.`}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onError: (e) => onError(writeErrorMessage(e, 'The endpoint could not be deleted. Try again.')) })}
        onClose={() => setDeleting(null)}
      />
    </DashboardPanel>
  );
}
