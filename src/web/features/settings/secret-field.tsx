import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/icons';
import { FieldError } from './settings-controls';

/** Seen, not read out: the field's description says the same. */
function StatusBadge({ set }: { set: boolean }) {
  return set ? (
    <span aria-hidden="true" className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">
      <CheckIcon className="h-3.5 w-3.5" />
      Set
    </span>
  ) : (
    <span aria-hidden="true" className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-inset ring-slate-500/20">Not set</span>
  );
}

/**
 * A write-only secret. The browser never receives it: the page only knows whether one is
 * stored, and can send a new one or ask for it to be removed when the form is saved.
 * `value`: undefined keeps the stored one, a string replaces it, null removes it.
 */
export function SecretField({
  label,
  hint,
  placeholder,
  stored,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  hint: ReactNode;
  placeholder: string;
  stored: boolean;
  value: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  // A stored secret shows as "Set" until the user chooses to replace it; a missing one offers the input at once.
  const [replacing, setReplacing] = useState(false);
  const editing = typeof value === 'string' || !stored || replacing;
  const describedBy = [`${id}-status`, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <span id={`${id}-status`} className="sr-only">
          {stored ? 'Set.' : 'Not set.'}
        </span>
        <StatusBadge set={stored} />
      </div>

      {value === null ? (
        <div className="mt-1.5 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span>It will be removed when you save.</span>
          <Button variant="ghost" size="sm" onClick={() => onChange(undefined)}>
            Keep it
          </Button>
        </div>
      ) : editing ? (
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            id={id}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value ?? ''}
            placeholder={stored ? 'Paste a new value to replace the stored one' : placeholder}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
            className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:font-sans placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-50 ${
              error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600'
            }`}
          />
          {stored && (
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              onClick={() => {
                setReplacing(false);
                onChange(undefined);
              }}
            >
              Cancel
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          {/* The label still names something: a read-only stand-in for the hidden value. */}
          <input
            id={id}
            type="text"
            readOnly
            value="Stored, hidden"
            aria-describedby={describedBy}
            className="block w-40 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600"
          />
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setReplacing(true)}>
            Replace
          </Button>
          <Button variant="ghost" size="sm" disabled={disabled} className="text-red-700 hover:bg-red-50" onClick={() => onChange(null)}>
            Remove
          </Button>
        </div>
      )}
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
