import { useId } from 'react';
import { AUTOMATIC_CLEANUP_LIMITS, AUTOMATIC_CLEANUP_RISK } from '../../../shared/contracts/cleanup';
import { AlertIcon } from '../../components/ui/icons';
import type { SectionProps } from './section-props';
import { FieldError, InputField, PlanBadge, PlanSwitchField, SettingsSection, type PlanGate } from './settings-controls';

const CLEANUP_ON = 'Merge qualifying groups after each scheduled scan.';
const CLEANUP_GATE: PlanGate = { note: 'Automatic cleanup is part of the Professional plan.', feature: 'automaticCleanup' };

const LOWEST_PERCENT = Math.round(AUTOMATIC_CLEANUP_LIMITS.minConfidence * 100);

function ConfidenceSlider({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Lowest confidence to merge
        </label>
        <output htmlFor={id} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-semibold tabular-nums text-slate-900">
          {value}%
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={LOWEST_PERCENT}
        max={100}
        step={1}
        value={Number(value)}
        aria-valuetext={`${value}%`}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="mt-3 block w-full accent-brand-700"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        Only groups DataCleaner is at least this sure of are merged, from {LOWEST_PERCENT}% to 100%.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Settings, Automatic cleanup: merges without asking, so the risk is stated beside the switch. */
export function AutomaticCleanupSection(props: SectionProps) {
  const { draft, errors, set } = props;
  return (
    <SettingsSection id="cleanup" title="Automatic cleanup" badge={<PlanBadge />} description="Merge duplicates in HubSpot after each scheduled scan, without reviewing them first.">
      <div role="note" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <p>{AUTOMATIC_CLEANUP_RISK}</p>
      </div>
      <PlanSwitchField section={props} setting="automaticCleanupEnabled" allowed={props.view.automaticCleanupAllowed} label="Automatic cleanup" description={CLEANUP_ON} gate={CLEANUP_GATE} />
      <ConfidenceSlider value={draft.automaticCleanupMinConfidence} onChange={(value) => set('automaticCleanupMinConfidence', value)} error={errors.automaticCleanupMinConfidence} />
      <InputField
        label="Most merges per scan"
        type="number"
        inputMode="numeric"
        min={1}
        max={AUTOMATIC_CLEANUP_LIMITS.maxMergesPerRun}
        step={1}
        unit="merges"
        inputClassName="sm:max-w-32"
        value={draft.automaticCleanupMaxMerges}
        onChange={(event) => set('automaticCleanupMaxMerges', event.target.value)}
        error={errors.automaticCleanupMaxMerges}
        hint={`From 1 to ${AUTOMATIC_CLEANUP_LIMITS.maxMergesPerRun}. Groups beyond it wait for the next scan, or for you in Duplicates.`}
      />
    </SettingsSection>
  );
}
