import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { privateAppTokenRequestSchema, type HubSpotStatus } from '../../../shared/contracts/hubspot';
import { OBJECT_TYPES } from '../../../shared/object-types';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-request';
import { useHubspotStatus } from '../dashboard/api/get-hubspot-status';
import { SectionError } from '../dashboard/dashboard-panel';
import { formatCount } from '../dashboard/format-numbers';
import { formatExactTime } from '../dashboard/time-ago';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { oauthConnectUrl, useConnectHubspotToken } from './api/connect-hubspot-token';
import { useDisconnectHubspot } from './api/disconnect-hubspot';
import { InputField, SettingsSection } from './settings-controls';
import { portalDisplayName } from '../../../shared/portal-name';

/** What HubSpot's OAuth callback reports in ?hubspot= when it sends the user back here. */
const OAUTH_OUTCOMES: Readonly<Record<string, { title: string; description: string; ok: boolean }>> = {
  connected: { title: 'HubSpot connected', description: 'Run a scan from the dashboard to see your data health.', ok: true },
  denied: { title: 'HubSpot was not connected', description: 'The access request was declined in HubSpot. Try again, or use a private app token.', ok: false },
  'invalid-state': { title: 'HubSpot was not connected', description: 'The sign-in took too long or came from another tab. Please try again.', ok: false },
  error: { title: 'HubSpot was not connected', description: 'HubSpot did not complete the connection. Please try again in a moment, or use a private app token.', ok: false },
};

/** Announces how the OAuth round trip ended, once, and takes the marker out of the address. */
function useOauthOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('hubspot');
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || announced.current === outcome) return;
    announced.current = outcome;
    const known = OAUTH_OUTCOMES[outcome] ?? OAUTH_OUTCOMES.error!;
    toast({ title: known.title, description: known.description, variant: known.ok ? 'success' : 'destructive' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('hubspot');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}

function portalName(status: HubSpotStatus): string {
  return portalDisplayName(status) ?? 'Your HubSpot portal';
}

function TokenForm({ disabled, submitLabel }: { disabled: boolean; submitLabel: string }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const connect = useConnectHubspotToken();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = privateAppTokenRequestSchema.safeParse({ accessToken: token });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    connect.mutate(parsed.data.accessToken, {
      onSuccess: (portal) => {
        setToken('');
        toast({ title: 'HubSpot connected', description: `Connected to ${portalDisplayName(portal) ?? 'your portal'}.`, variant: 'success' });
      },
      onError: (failure) => setError(serverMessage(failure) ?? 'HubSpot could not be reached. Please try again in a moment.'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label="Private app access token"
        className="flex-1"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="pat-na1-…"
        value={token}
        disabled={disabled || connect.isPending}
        onChange={(event) => {
          setToken(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        hint="In HubSpot: Settings › Integrations › Private Apps. Give the app read and write access to contacts, companies, deals and tickets, then copy its access token. It is checked with HubSpot and stored encrypted."
        inputClassName="font-mono"
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" disabled={disabled || connect.isPending}>
        {connect.isPending && <Spinner className="h-4 w-4" />}
        {connect.isPending ? 'Checking…' : submitLabel}
      </Button>
    </form>
  );
}

function ConnectOptions({ status, demo, reconnect }: { status: HubSpotStatus; demo: boolean; reconnect: boolean }) {
  const oauthLabel = reconnect ? 'Reconnect with HubSpot' : 'Connect with HubSpot';
  return (
    <div className="space-y-5">
      {status.oauthAvailable && (
        <div>
          {demo ? (
            <Button disabled>{oauthLabel}</Button>
          ) : (
            // A full-page visit: HubSpot's consent screen is another site, which sends the user back here.
            <a href={oauthConnectUrl('/settings')} className={buttonClasses()}>
              {oauthLabel}
            </a>
          )}
          <p className="mt-1.5 text-xs text-slate-600">You sign in to HubSpot and approve read and write access to your CRM records.</p>
        </div>
      )}
      {status.oauthAvailable && (
        <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
      )}
      <TokenForm disabled={demo} submitLabel={reconnect ? 'Replace token' : 'Connect'} />
    </div>
  );
}

function ConnectedPortal({ status, demo }: { status: HubSpotStatus; demo: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const disconnect = useDisconnectHubspot();
  const mirrored = status.mirror.filter((entry) => entry.records > 0 || entry.lastSyncCompletedAt);

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-emerald-600 text-white">
            <CheckIcon />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              Connected to <span className="break-all">{portalName(status)}</span>
            </p>
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              {status.hubId && (
                <div className="flex gap-1">
                  <dt>Hub ID:</dt>
                  <dd className="font-medium tabular-nums">{status.hubId}</dd>
                </div>
              )}
              <div className="flex gap-1">
                <dt>Method:</dt>
                <dd className="font-medium">{status.authType === 'oauth' ? 'HubSpot sign-in (OAuth)' : 'Private app token'}</dd>
              </div>
              {status.connectedAt && (
                <div className="flex gap-1">
                  <dt>Since:</dt>
                  <dd className="font-medium">
                    <time dateTime={status.connectedAt}>{formatExactTime(new Date(status.connectedAt))}</time>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-expanded={reconnecting} onClick={() => setReconnecting((on) => !on)} disabled={demo}>
            Reconnect
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)} disabled={demo}>
            Disconnect
          </Button>
        </div>
      </div>

      {mirrored.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-800">Records copied from HubSpot</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {OBJECT_TYPES.map((type) => {
              const entry = status.mirror.find((m) => m.objectType === type);
              return (
                <li key={type} className="rounded-lg bg-slate-50 px-3 py-2">
                  <span className="block text-xs font-medium text-slate-600">{OBJECT_TYPE_LABELS[type]}</span>
                  <span className="block text-lg font-semibold tabular-nums text-slate-900">{formatCount(entry?.records ?? 0)}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {reconnecting && !demo && (
        <div className="rounded-xl border border-slate-200 p-4">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Connect again</h3>
          <ConnectOptions status={status} demo={demo} reconnect />
        </div>
      )}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Disconnect HubSpot?"
        description="DataCleaner forgets the access token and its copy of your records. Your scan history and duplicate groups stay, nothing changes in HubSpot, and you can connect again at any time."
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: (answer) => {
                  setConfirming(false);
                  toast({ title: 'HubSpot disconnected', description: answer.message, variant: 'success' });
                },
                onError: (failure) => toast({ title: 'HubSpot could not be disconnected', description: serverMessage(failure) ?? failure.message, variant: 'destructive' }),
              })
            }
          >
            {disconnect.isPending && <Spinner className="h-4 w-4" />}
            Disconnect
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Settings, HubSpot: the connected portal, Disconnect and Reconnect; or the two ways to connect. */
export function HubspotConnectionSection({ demo }: { demo: boolean }) {
  useOauthOutcome();
  const status = useHubspotStatus();

  let body;
  if (status.isPending) {
    body = (
      <div role="status" className="h-24 animate-pulse rounded-xl bg-slate-100">
        <span className="sr-only">Loading the HubSpot connection…</span>
      </div>
    );
  } else if (status.isError) {
    body = <SectionError message="The HubSpot connection could not be loaded." onRetry={() => void status.refetch()} />;
  } else if (status.data.connected) {
    body = <ConnectedPortal status={status.data} demo={demo} />;
  } else {
    body = (
      <>
        {status.data.problem && (
          <Alert tone="warning" title="HubSpot needs to be connected again">
            {status.data.problem}
          </Alert>
        )}
        <ConnectOptions status={status.data} demo={demo} reconnect={Boolean(status.data.problem)} />
      </>
    );
  }

  return (
    <SettingsSection
      id="hubspot"
      title="HubSpot connection"
      description="The portal DataCleaner reads. Scans copy its records; nothing in HubSpot changes until you merge duplicates."
    >
      {demo && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">The demo uses a built-in sample portal. Connecting and disconnecting work in your own account.</p>}
      {body}
    </SettingsSection>
  );
}
