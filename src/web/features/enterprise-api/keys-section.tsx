import { useState, type FormEvent } from 'react';
import type { ApiKeyView, CreatedApiKey } from '../../../shared/contracts/enterprise-api';
import { API_KEY_NAME_MAX } from '../../../shared/contracts/enterprise-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SectionLoading } from './section-loading';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import { useApiKeys, useCreateKey, useRevokeKey, useRotateKey } from './api/enterprise-api-requests';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDateTime, writeErrorMessage } from './enterprise-api-words';
import { SecretOnce } from './secret-once';

function KeyState({ keyView }: { keyView: ApiKeyView }) {
  return keyView.revokedAt ? (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Revoked</span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">Active</span>
  );
}

type Pending = { action: 'rotate' | 'revoke'; key: ApiKeyView } | null;

function KeyRow({ keyView, onAction }: { keyView: ApiKeyView; onAction: (pending: Pending) => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{keyView.name}</span>
          <KeyState keyView={keyView} />
        </p>
        <p className="mt-1 break-all font-mono text-xs text-slate-600">{keyView.prefix}…</p>
        <p className="mt-1 text-xs text-slate-500">
          Created {formatDateTime(keyView.createdAt)} · Last used {formatDateTime(keyView.lastUsedAt)}
          {keyView.revokedAt && ` · Revoked ${formatDateTime(keyView.revokedAt)}`}
        </p>
      </div>
      {!keyView.revokedAt && (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" onClick={() => onAction({ action: 'rotate', key: keyView })} aria-label={`Rotate ${keyView.name}`}>
            Rotate
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onAction({ action: 'revoke', key: keyView })} aria-label={`Revoke ${keyView.name}`}>
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}

/** API keys: listed by prefix; a new or rotated key's secret is shown once. */
export function KeysSection({ readOnly }: { readOnly: boolean }) {
  const keys = useApiKeys();
  const create = useCreateKey();
  const rotate = useRotateKey();
  const revoke = useRevokeKey();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<CreatedApiKey | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(name, {
      onSuccess: (created) => {
        setSecret(created);
        setName('');
      },
      onError: (e) => setError(writeErrorMessage(e, 'The key could not be created. Try again.')),
    });
  };

  const confirm = () => {
    if (!pending) return;
    const { action, key } = pending;
    const done = { onSettled: () => setPending(null), onError: (e: unknown) => setError(writeErrorMessage(e, `The key could not be ${action === 'rotate' ? 'rotated' : 'revoked'}. Try again.`)) };
    setError(null);
    if (action === 'rotate') rotate.mutate(key.id, { ...done, onSuccess: setSecret });
    else revoke.mutate(key.id, done);
  };

  return (
    <DashboardPanel id="api-keys" title="API keys" description="Send a key as a Bearer token. Each key is shown in full only once, when it is created or rotated.">
      {readOnly && <p className="mb-4 text-sm text-slate-600">Your plan includes read-only access: keys can list and read, not start scans or change data.</p>}
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Create an API key">
        <Field label="Key name" placeholder="e.g. Warehouse sync" value={name} maxLength={API_KEY_NAME_MAX} onChange={(e) => setName(e.target.value)} className="min-w-0 flex-1" required />
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        {secret && <SecretOnce title={`Your new key "${secret.name}"`} secret={secret.key} onDone={() => setSecret(null)} />}
      </div>
      {keys.isPending ? (
        <SectionLoading label="Loading your keys…" />
      ) : keys.isError ? (
        <div className="mt-4">
          <SectionError message="Your keys could not be loaded." onRetry={() => void keys.refetch()} />
        </div>
      ) : keys.data.keys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No keys yet. Create one to call the API.</p>
      ) : (
        <ul aria-label="Your API keys" className="mt-2 divide-y divide-slate-100">
          {keys.data.keys.map((key) => (
            <KeyRow key={key.id} keyView={key} onAction={setPending} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'rotate' ? `Rotate "${pending.key.name}"?` : `Revoke "${pending?.key.name ?? ''}"?`}
        description={
          pending?.action === 'rotate'
            ? 'A new secret replaces this one. The old secret stops working now, so update your integration straight away.'
            : 'Calls with this key are refused from now on. This cannot be undone.'
        }
        confirmLabel={pending?.action === 'rotate' ? 'Rotate key' : 'Revoke key'}
        busy={rotate.isPending || revoke.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </DashboardPanel>
  );
}
