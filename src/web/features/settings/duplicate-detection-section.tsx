import { useId } from 'react';
import { SETTINGS_DEFAULTS, type DETECTION_SENSITIVITIES } from '../../../shared/defaults';
import type { SectionProps } from './section-props';
import { FieldError, RadioCards, SettingsSection, SwitchField, type ChoiceOption } from './settings-controls';

type Sensitivity = (typeof DETECTION_SENSITIVITIES)[number];

const SENSITIVITIES: readonly ChoiceOption<Sensitivity>[] = [
  { value: 'low', label: 'Low', description: 'Only pairs that are almost certainly the same record. The fewest duplicates, and the fewest to second-guess.' },
  { value: 'medium', label: 'Medium', description: 'A balance between finding duplicates and being sure of them. The default.' },
  { value: 'high', label: 'High', description: 'Also pairs that are likely, not certain. Finds the most duplicates, with more that need a second look.' },
];

const SWITCHES = [
  { key: 'enableFuzzyMatching', label: 'Fuzzy matching', description: 'Count near-identical spellings as a match, such as Jonathon and Jonathan, or a typo in a street name.' },
  { key: 'enablePhoneticMatching', label: 'Phonetic matching', description: 'Count names that sound alike as a partial match, such as Smith and Smyth.' },
  { key: 'normalizeEmails', label: 'Normalize email addresses', description: 'Compare addresses without the differences mail providers ignore: +tags (name+news@), dots in Gmail addresses, "Name <address>" wrappers and spaces.' },
  { key: 'normalizePhoneNumbers', label: 'Normalize phone numbers', description: 'Read numbers in their international form, so +1 (555) 010-0100 and 555.010.0100 are the same number; extensions are set apart.' },
  { key: 'normalizeBusinessNames', label: 'Normalize company names', description: 'Ignore case, a leading "The", "&" versus "and", web suffixes and legal forms, so Acme Inc. and ACME Incorporated are the same name.' },
] as const;

function ThresholdSlider({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const id = useId();
  const number = Number(value);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Fuzzy matching threshold
        </label>
        <output htmlFor={id} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-semibold tabular-nums text-slate-900">
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={Number.isFinite(number) ? number : SETTINGS_DEFAULTS.fuzzyMatchingThreshold}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="mt-3 block w-full accent-brand-700"
      />
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
        <span>0 · more matches</span>
        <span>100 · stricter</span>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        How alike two spellings must be to count as a fuzzy match, and how much evidence a pair needs to be called a duplicate. Default {SETTINGS_DEFAULTS.fuzzyMatchingThreshold}; above it asks for more,
        below it for less.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Settings, Duplicate detection: how sure a match must be, and which comparisons the engine makes. */
export function DuplicateDetectionSection({ draft, errors, set }: SectionProps) {
  return (
    <SettingsSection id="duplicates" title="Duplicate detection" description="How sure DataCleaner must be before it proposes two records as duplicates. Changes apply from the next scan.">
      <RadioCards
        legend="Sensitivity"
        name="duplicateDetectionSensitivity"
        options={SENSITIVITIES}
        value={draft.duplicateDetectionSensitivity}
        onChange={(value) => set('duplicateDetectionSensitivity', value)}
        error={errors.duplicateDetectionSensitivity}
      />
      <ThresholdSlider value={draft.fuzzyMatchingThreshold} onChange={(value) => set('fuzzyMatchingThreshold', value)} error={errors.fuzzyMatchingThreshold} />
      <div className="space-y-4 border-t border-slate-100 pt-5">
        {SWITCHES.map((item) => (
          <SwitchField key={item.key} label={item.label} description={item.description} checked={draft[item.key]} onChange={(checked) => set(item.key, checked)} />
        ))}
      </div>
    </SettingsSection>
  );
}
