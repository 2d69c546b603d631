import { useEffect, useId, useState, type FormEvent } from 'react';
import { DEFAULT_AI_MODEL, updateAiSettingsRequestSchema, type AiKeySource, type AiSettingsView, type UpdateAiSettingsRequest } from '../../../shared/contracts/ai';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api-request';
import { useAiModels, useAiSettings, useForgetAiKey, useTestAi, useUpdateAiSettings } from './api/ai-settings';
import { FieldError, InputField, SettingsSection, SwitchField } from './settings-controls';

/** What the section's own form edits; undefined keeps the saved value. */
interface AiEdits {
  enabled?: boolean;
  remember?: boolean;
  key?: string;
  baseUrl?: string;
  model?: string;
}

type AiField = 'openaiApiKey' | 'baseUrl' | 'preferredModel';
type AiErrors = Partial<Record<AiField, string>>;
const AI_FIELDS: readonly string[] = ['openaiApiKey', 'baseUrl', 'preferredModel', 'aiAssistEnabled', 'rememberOpenaiKey'];

/** Where the key in use comes from, in words. */
export const KEY_SOURCE_WORDS: Record<AiKeySource, string> = {
  saved: 'Saved (encrypted).',
  session: 'For this session only: it is forgotten when you sign out.',
  server: "The server's key is used: you do not need one of your own.",
  none: 'No key yet.',
};

const SAVE_FAILED = 'Your AI settings could not be saved. Check your connection and try again.';

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The fields that differ from the saved view, as PUT /api/settings/ai takes them. */
function aiChanges(view: AiSettingsView, edits: AiEdits): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (edits.enabled !== undefined && edits.enabled !== view.enabled) changes.aiAssistEnabled = edits.enabled;
  if (edits.remember !== undefined && edits.remember !== view.remembered) changes.rememberOpenaiKey = edits.remember;
  if (edits.key !== undefined && edits.key.trim() !== '') {
    changes.openaiApiKey = edits.key.trim();
    // Said with every key, so it is never stored by a "remember" the user did not see.
    changes.rememberOpenaiKey = edits.remember ?? view.remembered;
  }
  if (edits.baseUrl !== undefined && edits.baseUrl.trim() !== (view.baseUrl ?? '')) changes.baseUrl = edits.baseUrl.trim() || null;
  if (edits.model !== undefined && edits.model.trim() !== view.preferredModel) changes.preferredModel = edits.model.trim();
  return changes;
}

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AiErrors {
  const errors: AiErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && AI_FIELDS.includes(key)) errors[key as AiField] ??= issue.message;
  }
  return errors;
}

/** A refused save: the server's message on the field it names, else in the status line. */
function refusal(error: unknown): { fields: AiErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: SAVE_FAILED };
  const message = serverMessage(error);
  if (!message) return { fields: {}, form: error.status >= 500 ? 'Something went wrong on our side. Please try again.' : SAVE_FAILED };
  if (error.data?.code === 'VALIDATION_ERROR') {
    const fields: AiErrors = {};
    const unplaced: string[] = [];
    for (const part of message.replace(/^Invalid [^:]+: /, '').split(/; (?=[A-Za-z][\w.]*: )/)) {
      const match = /^([A-Za-z]\w*)(?:\.[\w.]+)?: (.+)$/s.exec(part);
      if (match && (match[1] === 'openaiApiKey' || match[1] === 'baseUrl' || match[1] === 'preferredModel')) fields[match[1]] ??= match[2]!;
      else unplaced.push(part);
    }
    return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
  }
  return { fields: {}, form: message };
}

type Status = { tone: 'success' | 'error'; text: string } | null;

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role={status.tone === 'error' ? 'alert' : 'status'} className={`text-sm ${status.tone === 'error' ? 'font-medium text-red-700' : 'text-emerald-800'}`}>
      {status.text}
    </p>
  );
}

/** The OpenAI key: write-only. The page only knows where the key in use comes from; a typed one is sent once. */
function KeyField({
  view,
  value,
  remember,
  onChange,
  error,
  disabled,
  onForget,
  forgetting,
}: {
  view: AiSettingsView;
  value: string;
  remember: boolean;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
  onForget: () => void;
  forgetting: boolean;
}) {
  const id = useId();
  const own = view.keySource === 'saved' || view.keySource === 'session';
  const describedBy = [`${id}-source`, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        OpenAI API key
      </label>
      <p id={`${id}-source`} className={`mt-1 text-sm ${view.hasKey ? 'text-emerald-800' : 'text-slate-600'}`}>
        {KEY_SOURCE_WORDS[view.keySource]}
      </p>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={own ? 'Paste a new key to replace yours' : 'sk-…'}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:font-sans placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-50 ${
            error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600'
          }`}
        />
        {own && !disabled && (
          <Button variant="secondary" size="sm" className="shrink-0 text-red-700" disabled={forgetting} onClick={onForget}>
            {forgetting && <Spinner className="h-4 w-4" />}
            Forget key
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        From platform.openai.com, API keys (or your own server's). Never shown again.{' '}
        {remember ? 'Stored encrypted when you save.' : 'Held for this session only and never stored: it is forgotten when you sign out.'}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The preferred model: chosen from the models the key can use, or typed when they cannot be listed. */
function ModelField({ hasKey, value, onChange, error, disabled }: { hasKey: boolean; value: string; onChange: (value: string) => void; error: string | undefined; disabled: boolean }) {
  const id = useId();
  const models = useAiModels(hasKey && !disabled);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const label = (
    <label htmlFor={id} className="block text-sm font-medium text-slate-800">
      Preferred model
    </label>
  );

  if (hasKey && !disabled && (models.isPending || models.isSuccess)) {
    const ids = models.data?.models.map((model) => model.id) ?? [];
    const options = value && !ids.includes(value) ? [value, ...ids] : ids;
    return (
      <div>
        {label}
        <div className="mt-1.5 flex items-center gap-2">
          <select
            id={id}
            value={value}
            disabled={models.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-50 disabled:text-slate-500 sm:max-w-xs"
          >
            {options.map((model) => (
              <option key={model} value={model}>
                {ids.includes(model) || models.isPending ? model : `${model} (not offered to your key)`}
              </option>
            ))}
          </select>
          {models.isPending && <Spinner className="h-4 w-4" />}
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600" role={models.isPending ? 'status' : undefined}>
          {models.isPending ? 'Loading the models your key can use…' : `The chat models your key can use. The default is ${DEFAULT_AI_MODEL}.`}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  }

  const listError = hasKey && models.isError ? (serverMessage(models.error) ?? 'The models your key can use could not be listed.') : null;
  return (
    <InputField
      label="Preferred model"
      autoComplete="off"
      spellCheck={false}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={
        listError ? (
          <span className="text-amber-800">
            {listError} Type a model name instead (the default is {DEFAULT_AI_MODEL}).
          </span>
        ) : (
          `A model name such as ${DEFAULT_AI_MODEL} (the default). With a key, you choose from the models it can use.`
        )
      }
      inputClassName="sm:max-w-xs font-mono"
    />
  );
}

function AiForm({ view, demo, onUnsaved }: { view: AiSettingsView; demo: boolean; onUnsaved?: (unsaved: boolean) => void }) {
  const [edits, setEdits] = useState<AiEdits>({});
  const [errors, setErrors] = useState<AiErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [check, setCheck] = useState<Status>(null);
  const update = useUpdateAiSettings();
  const forget = useForgetAiKey();
  const test = useTestAi();

  const enabled = edits.enabled ?? view.enabled;
  const remember = edits.remember ?? view.remembered;
  const key = edits.key ?? '';
  const baseUrl = edits.baseUrl ?? view.baseUrl ?? '';
  const model = edits.model ?? view.preferredModel;
  const changes = aiChanges(view, edits);
  // A key is sent with the remember flag as it stands: that alone is not a change.
  const changeCount = Object.keys(changes).filter((field) => !(field === 'rememberOpenaiKey' && changes[field] === view.remembered)).length;
  // The page has one leave guard (React Router allows one blocker): it learns of unsaved AI edits from here.
  const unsaved = changeCount > 0 && !demo;
  useEffect(() => onUnsaved?.(unsaved), [unsaved, onUnsaved]);
  const connectionEdited = 'openaiApiKey' in changes || 'baseUrl' in changes;

  const edit = (next: AiEdits, field?: AiField) => {
    setEdits((current) => ({ ...current, ...next }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
    setStatus(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || (changeCount === 0 && !demo)) return;
    const checked = updateAiSettingsRequestSchema.safeParse(changes);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      setStatus({ tone: 'error', text: 'Check the fields marked above.' });
      return;
    }
    const request: UpdateAiSettingsRequest = checked.data;
    update.mutate(request, {
      onSuccess: (saved) => {
        setEdits({});
        setErrors({});
        setCheck(null);
        setStatus({ tone: 'success', text: request.openaiApiKey && saved.keySource === 'session' ? 'AI settings saved. Your key is held for this session only.' : 'AI settings saved.' });
      },
      onError: (failure) => {
        const refused = refusal(failure);
        setErrors(refused.fields);
        setStatus({ tone: 'error', text: refused.form ?? 'Check the fields marked above.' });
      },
    });
  };

  const forgetKey = () => {
    forget.mutate(undefined, {
      onSuccess: () => {
        setEdits((current) => ({ ...current, key: undefined }));
        setCheck(null);
        setStatus({ tone: 'success', text: 'Your key is forgotten.' });
      },
      onError: (failure) => setStatus({ tone: 'error', text: serverMessage(failure) ?? 'Your key could not be forgotten. Try again.' }),
    });
  };

  const runCheck = () => {
    setCheck(null);
    test.mutate(model.trim() || undefined, {
      onSuccess: (result) => setCheck({ tone: 'success', text: result.reply ? `${result.message} The model answered: “${result.reply}”` : result.message }),
      onError: (failure) => setCheck({ tone: 'error', text: serverMessage(failure) ?? 'The check could not be run. Check your connection and try again.' }),
    });
  };

  const rememberNote =
    view.keySource === 'saved' && !remember
      ? 'When you save, your stored key is deleted and held for this session only.'
      : view.keySource === 'session' && remember
        ? 'When you save, your key for this session is stored, encrypted.'
        : 'Keep your key, encrypted, so you do not have to enter it again. Off: it is held for this session only and never stored.';

  const checkNote = !view.hasKey
    ? 'Add a key first.'
    : connectionEdited
      ? 'Save first: the check uses your saved key and server address.'
      : 'Sends a tiny request with your key to the model above.';

  return (
    <form onSubmit={submit} noValidate aria-label="AI settings" className="space-y-6">
      {demo && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">This is the demo: its AI settings are shown, not changed.</p>}
      <SwitchField
        label="AI assistance"
        description="Suggestions on the dashboard and in the assistant, such as which duplicates to merge first and how to fill missing fields."
        checked={enabled}
        disabled={demo}
        onChange={(on) => edit({ enabled: on })}
      />
      <SwitchField label="Remember my key" description={rememberNote} checked={remember} disabled={demo} onChange={(on) => edit({ remember: on })} />
      <KeyField
        view={view}
        value={key}
        remember={remember}
        onChange={(value) => edit({ key: value }, 'openaiApiKey')}
        error={errors.openaiApiKey}
        disabled={demo}
        onForget={forgetKey}
        forgetting={forget.isPending}
      />
      <InputField
        label="Server address"
        type="url"
        autoComplete="off"
        spellCheck={false}
        value={baseUrl}
        disabled={demo}
        placeholder={view.defaultBaseUrl}
        onChange={(event) => edit({ baseUrl: event.target.value }, 'baseUrl')}
        error={errors.baseUrl}
        hint={`Leave empty to use ${view.defaultBaseUrl}. Any OpenAI-compatible server (such as a self-hosted model) works: give its address with its /v1.`}
        inputClassName="font-mono"
      />
      <ModelField hasKey={view.hasKey} value={model} onChange={(value) => edit({ model: value }, 'preferredModel')} error={errors.preferredModel} disabled={demo} />

      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" disabled={!view.hasKey || connectionEdited || test.isPending} onClick={runCheck}>
            {test.isPending && <Spinner className="h-4 w-4" />}
            {test.isPending ? 'Checking…' : 'Check key and model'}
          </Button>
          <span className="text-xs text-slate-600">{checkNote}</span>
        </div>
        <StatusLine status={check} />
      </div>

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-slate-600">
          {status ? <StatusLine status={status} /> : changeCount > 0 ? <span className="font-medium text-slate-900">{plural(changeCount, 'unsaved AI change', 'unsaved AI changes')}</span> : 'AI settings are saved on their own.'}
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={changeCount === 0 || update.isPending}
            onClick={() => {
              setEdits({});
              setErrors({});
              setStatus(null);
            }}
          >
            Discard
          </Button>
          <Button type="submit" disabled={update.isPending || (changeCount === 0 && !demo)}>
            {update.isPending && <Spinner className="h-4 w-4" />}
            {update.isPending ? 'Saving…' : 'Save AI settings'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Settings, AI: its own small form on /api/settings/ai (the key write-only, held for the session unless remembered). */
export function AiSection({ demo, onUnsaved }: { demo: boolean; onUnsaved?: (unsaved: boolean) => void }) {
  const settings = useAiSettings();
  return (
    <SettingsSection id="ai" title="AI" description="AI-assisted recommendations and the assistant, on your own OpenAI account or any OpenAI-compatible server.">
      {settings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" /> Loading your AI settings…
        </p>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {serverMessage(settings.error) ?? 'Your AI settings could not be loaded.'}
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AiForm view={settings.data} demo={demo} onUnsaved={onUnsaved} />
      )}
    </SettingsSection>
  );
}
