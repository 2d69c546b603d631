import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { PlanFeature } from '../../../shared/plans';
import { FeatureUpgradeLink } from '../billing/upgrade-link';
import type { SectionProps } from './section-props';
import type { SettingsDraft } from './settings-draft';

/** One group of settings: a titled card that the page's "On this page" links scroll to. */
export function SettingsSection({ id, title, description, badge, children }: { id: string; title: string; description: ReactNode; badge?: ReactNode; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {badge}
        </div>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      <div className="space-y-6 px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** A small label for what a plan includes, beside a setting it gates. */
export function PlanBadge() {
  return <span className="inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-inset ring-violet-600/20">Professional</span>;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}

/** An on/off setting: a switch with its label and what it does, both read out with it. */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
  disabled = false,
  error,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className={`block text-sm font-medium ${disabled ? 'text-slate-500' : 'text-slate-800'}`}>
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600">
            {description}
          </span>
        )}
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-brand-700' : 'bg-slate-300'
        }`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}

type SwitchKey = { [K in keyof SettingsDraft]: SettingsDraft[K] extends boolean ? K : never }[keyof SettingsDraft];

/**
 * A switch a plan gates, bound to its setting. Without the plan it is disabled (one left on
 * can still be turned off) and says what is missing, with the way to get it: the plans, or
 * in the demo an account of one's own.
 */
/** What a plan lacks (said in place of the switch's description) and the feature the upgrade link unlocks. */
export interface PlanGate {
  note: string;
  feature: PlanFeature;
}

export function PlanSwitchField({
  section: { draft, errors, set, demo },
  setting,
  allowed,
  gate,
  label,
  description,
}: {
  section: SectionProps;
  setting: SwitchKey;
  allowed: boolean;
  gate: PlanGate;
  label: string;
  description: string;
}) {
  const note = (
    <>
      {gate.note} <FeatureUpgradeLink feature={gate.feature} demo={demo} />
    </>
  );
  const checked = draft[setting];
  return (
    <SwitchField
      label={label}
      description={allowed ? description : note}
      checked={checked}
      disabled={!allowed && !checked}
      onChange={(on) => set(setting, on)}
      error={errors[setting as keyof typeof errors]}
    />
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
  badge?: ReactNode;
  disabled?: boolean;
}

/** One of a few choices, each with what it means: native radios (arrow keys move between them) drawn as cards. */
export function RadioCards<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
  error,
  columns = 'sm:grid-cols-3',
}: {
  legend: string;
  hint?: ReactNode;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
  error?: string | undefined;
  columns?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {options.map((option) => {
          const checked = option.value === value;
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={`relative flex gap-3 rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                option.disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50' : checked ? 'cursor-pointer border-brand-600 bg-brand-50/60 ring-1 ring-brand-600' : 'cursor-pointer border-slate-200 hover:border-slate-300'
              } ${error ? 'border-red-400' : ''}`}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span className={`flex flex-wrap items-center gap-1.5 font-medium ${option.disabled ? 'text-slate-500' : 'text-slate-900'}`}>
                  {option.label}
                  {option.badge}
                </span>
                {option.description && (
                  <span id={`${optionId}-description`} className="mt-0.5 block text-slate-600">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** Several of a few choices, as checkboxes drawn as chips. */
export function CheckboxChips<T extends string>({
  legend,
  hint,
  options,
  values,
  onChange,
  error,
}: {
  legend: string;
  hint?: ReactNode;
  options: readonly { value: T; label: string }[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = values.includes(option.value);
          return (
            <label
              key={option.value}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
              }`}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => onChange(event.target.checked ? [...values, option.value] : values.filter((value) => value !== option.value))}
                className="h-4 w-4 accent-brand-700"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A labelled input of our own (the shared Field has no unit beside the value). */
export function InputField({
  label,
  hint,
  error,
  unit,
  className = '',
  inputClassName = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined; unit?: string; inputClassName?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-50 disabled:text-slate-500 ${
            error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600'
          } ${inputClassName}`}
          {...input}
        />
        {unit && (
          <span aria-hidden="true" className="shrink-0 text-sm text-slate-600">
            {unit}
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled native select. */
export function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  label: string;
  hint?: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value as T)}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-50 disabled:text-slate-500 sm:max-w-xs"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * Settings that only matter while a switch above them is on. They stay editable when it is
 * off (so they can be prepared), with a line saying they are not in use.
 */
export function DependentGroup({ active, children, label, inactiveNote }: { active: boolean; children: ReactNode; label: string; inactiveNote: string }) {
  return (
    <div role="group" aria-label={label} className={`space-y-4 border-l-2 pl-4 ${active ? 'border-brand-100' : 'border-slate-200'}`}>
      {!active && <p className="text-sm text-slate-600 italic">{inactiveNote}</p>}
      {children}
    </div>
  );
}
