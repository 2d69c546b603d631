import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { PLANS } from '../../../shared/plans';
import type { ANALYSIS_FREQUENCIES } from '../../../shared/defaults';
import { FeatureUpgradeLink } from '../billing/upgrade-link';
import { formatCount } from '../dashboard/format-numbers';
import { formatExactTime } from '../dashboard/time-ago';
import { LastScanTime } from '../dashboard/last-scan-time';
import { useLastScan } from '../scans/api/get-last-scan';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import type { SectionProps } from './section-props';
import { CheckboxChips, InputField, PlanBadge, RadioCards, SettingsSection, type ChoiceOption } from './settings-controls';

type Frequency = (typeof ANALYSIS_FREQUENCIES)[number];

const SAMPLING_KEYS: Readonly<Record<ObjectType, 'contactsSamplingRate' | 'companiesSamplingRate' | 'dealsSamplingRate' | 'ticketsSamplingRate'>> = {
  contacts: 'contactsSamplingRate',
  companies: 'companiesSamplingRate',
  deals: 'dealsSamplingRate',
  tickets: 'ticketsSamplingRate',
};

const STATUS_WORDS = { queued: 'queued', running: 'running now', completed: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;

/** The plans' record limits, as SPEC.md section 9 sets them, for the hint under the cap. */
const PLAN_LIMITS = PLANS.map((plan) => `${plan.name} ${plan.recordLimit === null ? 'unlimited' : formatCount(plan.recordLimit)}`).join(', ');

function LastScanSummary() {
  const lastScan = useLastScan();
  const run = lastScan.data?.lastScan;
  if (!run) return null;
  const records = run.results.reduce((sum, result) => sum + result.totalRecords, 0);
  const when = run.finishedAt ?? run.startedAt ?? run.createdAt;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <LastScanTime timestamp={when} />
      <span>
        Status: <span className="font-medium text-slate-900">{STATUS_WORDS[run.status]}</span>
      </span>
      {records > 0 && <span>{formatCount(records)} records scanned</span>}
    </div>
  );
}

function frequencyOptions(dailyAllowed: boolean, demo: boolean): ChoiceOption<Frequency>[] {
  return [
    { value: 'manual', label: 'Manual', description: 'Only when you click Scan now.' },
    {
      value: 'daily',
      label: 'Daily',
      badge: <PlanBadge />,
      disabled: !dailyAllowed,
      description: dailyAllowed ? (
        'Every day. Part of the Professional plan, which you have now.'
      ) : (
        <>
          Daily scans are part of the Professional plan. <FeatureUpgradeLink feature="dailyScans" demo={demo} />
        </>
      ),
    },
    { value: 'weekly', label: 'Weekly', description: 'Every week. The default.' },
    { value: 'monthly', label: 'Monthly', description: 'Once a month.' },
  ];
}

/** Settings, Objects and scanning: what is scanned, how often, and how much of it. */
export function ScanningSection({ view, draft, errors, set, demo }: SectionProps) {
  const frequencyChanged = draft.analysisFrequency !== view.analysisFrequency;
  const next = view.schedule.nextScanAt;
  const scheduleHint = frequencyChanged
    ? 'The new schedule starts when you save.'
    : next
      ? `Next scheduled scan: ${formatExactTime(new Date(next))}.`
      : 'No scan is scheduled: scans run when you click Scan now on the dashboard.';

  return (
    <SettingsSection id="scanning" title="Objects and scanning" description="Which HubSpot records are scanned, how often, and how many of them.">
      <LastScanSummary />
      <CheckboxChips
        legend="Object types to analyze"
        hint="Each scan looks at these; at least one."
        options={OBJECT_TYPES.map((type) => ({ value: type, label: OBJECT_TYPE_LABELS[type] }))}
        values={draft.objectsToAnalyze}
        onChange={(types) => set('objectsToAnalyze', types)}
        error={errors.objectsToAnalyze}
      />
      <RadioCards
        legend="Scan schedule"
        hint={scheduleHint}
        name="analysisFrequency"
        options={frequencyOptions(view.schedule.dailyAllowed || view.analysisFrequency === 'daily', demo)}
        value={draft.analysisFrequency}
        onChange={(value) => set('analysisFrequency', value)}
        error={errors.analysisFrequency}
        columns="sm:grid-cols-2 xl:grid-cols-4"
      />
      <InputField
        label="Max records per object type (thousands)"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        unit="× 1,000 records"
        inputClassName="sm:max-w-32"
        value={draft.maxRecordsLimit}
        onChange={(event) => set('maxRecordsLimit', event.target.value)}
        error={errors.maxRecordsLimit}
        hint={`From 1 to 1,000 thousand; the default 100 means up to 100,000 records per object type in each scan. Your plan's record limit is the ceiling (${PLAN_LIMITS}).`}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Sampling rate</legend>
        <p className="mt-0.5 text-sm text-slate-600">The share of each object type's records a scan looks at, from 1 to 100%. Lower it to scan a very large portal faster; 100% scans every record.</p>
        <div className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {OBJECT_TYPES.map((type) => {
            const key = SAMPLING_KEYS[type];
            return (
              <InputField
                key={type}
                label={
                  <>
                    {OBJECT_TYPE_LABELS[type]}
                    <span className="sr-only"> sampling rate</span>
                  </>
                }
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                unit="%"
                value={draft[key]}
                onChange={(event) => set(key, event.target.value)}
                error={errors[key]}
              />
            );
          })}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
