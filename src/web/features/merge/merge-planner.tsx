import { useState } from 'react';
import { PRIMARY_RULES, type MergePlan, type MergePlanField, type MergeView, type PrimaryRule } from '../../../shared/contracts/cleanup';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { WrappingValue } from '../../components/ui/wrapping-value';
import { serverMessage } from '../../lib/api-request';
import { SectionError } from '../dashboard/dashboard-panel';
import { useMergePlan, useStartMerge, type PlanChoice } from './api/merge-requests';
import { formatPropertyValue, formatRecordDate } from './merge-values';
import { LabelledValue } from '../../components/labelled-value';
import type { ValueLabels } from '../../../shared/value-labels';

const RULE_LABELS: Readonly<Record<PrimaryRule, string>> = {
  'most-complete': 'Most complete',
  oldest: 'Oldest',
  'most-recent': 'Most recently updated',
  'has-owner': 'Has an owner',
};

const date = (value: string | null) => formatRecordDate(value);
/** A value in the user's locale, owner and stage ids and option codes by the portal's names for them. */
function Shown({ labels, property, value }: { labels: ValueLabels; property: string; value: string | null }) {
  if (value === null || value === '') return <>(empty)</>;
  return <LabelledValue labels={labels} property={property} value={value} fallback={<WrappingValue text={formatPropertyValue(property, value)} />} />;
}

interface Outcome {
  value: string | null;
  /** The records the value comes from; empty when HubSpot computes it. */
  from: string[];
  lost: { value: string; recordIds: string[] }[];
}

/** A field's value after the merge and what it loses, with the user's pick where they made one. */
function outcomeOf(field: MergePlanField, chosenRecordId: string | undefined): Outcome {
  const survivorFrom = () => {
    const holders = field.candidates.find((c) => c.value === field.survivor.value)?.recordIds;
    return holders ?? (field.survivor.recordId ? [field.survivor.recordId] : []);
  };
  if (!field.choosable || chosenRecordId === undefined) return { value: field.survivor.value, from: survivorFrom(), lost: field.lost };
  const chosen = field.candidates.find((c) => c.recordIds.includes(chosenRecordId));
  if (!chosen) return { value: field.survivor.value, from: survivorFrom(), lost: field.lost };
  return { value: chosen.value, from: chosen.recordIds, lost: field.candidates.filter((c) => c !== chosen) };
}

/**
 * Merging a group: which record survives (by a rule or by hand), which value survives per
 * field, a preview of the merged record and of every value lost, then the merge itself.
 */
export function MergePlanner({ groupId, onCancel, onStarted, readOnlyNote }: { groupId: number; onCancel: () => void; onStarted: (merge: MergeView) => void; readOnlyNote?: string }) {
  const [choice, setChoice] = useState<PlanChoice>({ primaryRule: 'most-complete', primaryId: null });
  // Field picks belong to one primary: another primary starts from its own defaults.
  const [picks, setPicks] = useState<{ primaryId: string | null; fields: Record<string, string> }>({ primaryId: null, fields: {} });
  const [confirmed, setConfirmed] = useState(false);
  const plan = useMergePlan(groupId, choice);
  const start = useStartMerge(groupId);

  if (plan.isPending) return <LoadingState label="Reading the records from HubSpot" className="py-16" />;
  if (plan.isError) return <SectionError message={serverMessage(plan.error) ?? 'The merge could not be prepared.'} onRetry={() => void plan.refetch()} />;

  const current: MergePlan = plan.data;
  const fieldPicks = picks.primaryId === current.primaryId ? picks.fields : {};
  const pick = (property: string, recordId: string) => setPicks({ primaryId: current.primaryId, fields: { ...fieldPicks, [property]: recordId } });
  const outcomes = new Map(current.fields.map((field) => [field.property, outcomeOf(field, fieldPicks[field.property])]));
  const deciding = current.fields.filter((f) => f.candidates.length > 1 || f.note);
  const settled = current.fields.length - deciding.length;
  const lost = current.fields.flatMap((field) => outcomes.get(field.property)!.lost.map((l) => ({ ...l, label: field.label, property: field.property })));
  const result = current.fields.map((field) => ({ field, ...outcomes.get(field.property)! })).filter(({ value }) => value !== null && value !== '');
  const others = current.records.length - 1;
  const nameOf = (id: string) => current.records.find((r) => r.id === id)?.label ?? `Record ${id}`;
  // Where a value comes from, briefly: the record's name without its email or domain in brackets.
  const shortNameOf = (id: string) => nameOf(id).replace(/\s*(\([^()]*\)|<[^<>]*>)$/, '') || nameOf(id);
  const sourcesOf = (ids: string[]) => (ids.length > 1 && ids.length === current.records.length ? 'Every record' : ids.map(shortNameOf).join(', '));

  const submit = () =>
    start.mutate(
      { primaryId: current.primaryId, primaryRule: current.primaryRule, fieldChoices: fieldPicks },
      { onSuccess: onStarted },
    );

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            Merge {current.records.length} {current.objectType}
          </h2>
          <p className="mt-1 text-sm text-slate-600">Choose what survives, check the result, then merge. Nothing changes in HubSpot until you press Merge.</p>
        </div>
        <Button variant="ghost" onClick={onCancel}>
          ← Back to the group
        </Button>
      </header>

      {current.alreadyMerged.length > 0 && (
        <Alert tone="info" title="Some records were merged in HubSpot since the scan">
          {current.alreadyMerged.map((m) => `${m.id} is now part of ${m.mergedIntoId}`).join('; ')}.
        </Alert>
      )}

      <section aria-labelledby="primary-heading">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h3 id="primary-heading" className="text-sm font-semibold text-slate-900">
            1. Which record survives?
          </h3>
          <label className="text-xs font-medium text-slate-600">
            Suggest by{' '}
            <select
              className="ml-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
              value={current.primaryRule}
              onChange={(event) => setChoice({ primaryRule: event.target.value as PrimaryRule, primaryId: null })}
            >
              {PRIMARY_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {RULE_LABELS[rule]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className="mt-3 min-w-0">
          <legend className="sr-only">The record that survives the merge</legend>
          <div className="grid gap-3 md:grid-cols-2">
            {current.records.map((record) => (
              <label key={record.id} className={`flex min-w-0 cursor-pointer gap-3 rounded-xl border p-3 ${record.id === current.primaryId ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300'}`}>
                <input type="radio" name="primary" className="mt-1 accent-brand-700" checked={record.id === current.primaryId} onChange={() => setChoice({ ...choice, primaryId: record.id })} />
                <span className="min-w-0 text-sm">
                  <span className="block break-words font-medium text-slate-900">
                    <WrappingValue text={record.label} />
                  </span>
                  <span className="block text-xs text-slate-500">
                    ID {record.id} · {record.filledProperties} fields filled · created {date(record.createdAt)} · updated {date(record.updatedAt)}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    {record.id === current.suggestedPrimaryId && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">Suggested</span>}
                    {record.hasOwner && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Has an owner</span>}
                    {record.optedOut && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Opted out of email</span>}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="fields-heading">
        <h3 id="fields-heading" className="text-sm font-semibold text-slate-900">
          2. Which values survive?
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          By default the surviving record keeps its own values and empty fields are filled from the others.
          {settled > 0 && ` ${settled} ${settled === 1 ? 'field has' : 'fields have'} one value in every record and ${settled === 1 ? 'is' : 'are'} kept as ${settled === 1 ? 'it is' : 'they are'}.`}
        </p>
        {deciding.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Every field agrees: there is nothing to choose.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {deciding.map((field) => {
              const outcome = outcomes.get(field.property)!;
              return (
                <li key={field.property} className="grid gap-2 px-4 py-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                  <div className="text-sm font-medium text-slate-700">{field.label}</div>
                  <div className="min-w-0">
                    {field.choosable ? (
                      <fieldset className="min-w-0">
                        <legend className="sr-only">{field.label}</legend>
                        <div className="flex flex-col gap-1.5">
                          {field.candidates.map((candidate) => (
                            <label key={candidate.value} className="flex items-start gap-2 text-sm">
                              <input
                                type="radio"
                                name={`field-${field.property}`}
                                className="mt-1 accent-brand-700"
                                checked={outcome.value === candidate.value}
                                onChange={() => pick(field.property, candidate.recordIds[0]!)}
                              />
                              <span className="min-w-0 break-words">
                                <span className="text-slate-900"><Shown labels={current.valueLabels} property={field.property} value={candidate.value} /></span>{' '}
                                <span className="text-xs text-slate-500">from {sourcesOf(candidate.recordIds)}</span>
                              </span>
                            </label>
                          ))}
                        </div>
                      </fieldset>
                    ) : (
                      <p className="break-words text-sm text-slate-900"><Shown labels={current.valueLabels} property={field.property} value={outcome.value} /></p>
                    )}
                    {field.note && <p className="mt-1 text-xs text-slate-500">{field.note}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="preview-heading">
        <h3 id="preview-heading" className="text-sm font-semibold text-slate-900">
          3. The merged record
        </h3>
        <div role="table" aria-labelledby="preview-heading" className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          <div role="row" className="hidden gap-4 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 sm:grid sm:grid-cols-[minmax(8rem,12rem)_minmax(0,1fr)_minmax(8rem,14rem)] sm:rounded-t-xl">
            <span role="columnheader">Property</span>
            <span role="columnheader">Value</span>
            <span role="columnheader">From</span>
          </div>
          {result.map(({ field, value, from }) => (
            <div role="row" key={field.property} className="grid gap-x-4 gap-y-0.5 px-4 py-2.5 sm:grid-cols-[minmax(8rem,12rem)_minmax(0,1fr)_minmax(8rem,14rem)]">
              <span role="rowheader" className="text-xs font-medium text-slate-500 sm:text-sm sm:font-normal sm:text-slate-600">
                {field.label}
              </span>
              <span role="cell" className="min-w-0 break-words text-slate-900">
                <Shown labels={current.valueLabels} property={field.property} value={value} />
              </span>
              <span role="cell" className="min-w-0 break-words text-xs text-slate-500 sm:text-sm">
                {from.length === 0 ? (
                  <>
                    <span className="sm:hidden">computed by </span>HubSpot
                  </>
                ) : sourcesOf(from) === 'Every record' ? (
                  'Every record'
                ) : (
                  <>
                    <span className="sm:hidden">from </span>
                    {sourcesOf(from)}
                  </>
                )}
              </span>
            </div>
          ))}
        </div>
      </section>

      <section aria-label="What the merge leaves out" className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Values that will be lost</h3>
          {lost.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">None: every value survives in the merged record.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Values that will be lost">
              {lost.map((item) => (
                <li key={`${item.property}-${item.value}`} className="break-words rounded-lg bg-rose-50 px-3 py-1.5 text-rose-950">
                  <span className="font-medium">{item.label}:</span> <Shown labels={current.valueLabels} property={item.property} value={item.value} />{' '}
                  <span className="text-xs text-rose-800">({item.recordIds.map(shortNameOf).join(', ')})</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-slate-500">Every record is backed up before the merge: a merged-away record can be restored from its backup, as a new record.</p>
        </div>
        {current.consent.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Opt-outs kept</h3>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {current.consent.map((c) => (
                <li key={c.property} className="break-words">
                  {c.label}: <Shown labels={current.valueLabels} property={c.property} value={c.value} /> (from {c.fromRecordIds.map(shortNameOf).join(', ')})
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section aria-labelledby="steps-heading">
        <h3 id="steps-heading" className="text-sm font-semibold text-slate-900">
          4. What happens in HubSpot
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {current.steps.map((step, i) => (
            <li key={i} className="break-words">
              <WrappingValue text={step.description} />
            </li>
          ))}
        </ol>
      </section>

      {current.blockers.length > 0 && (
        <Alert tone="error" title="This merge cannot run as planned">
          <ul className="list-disc pl-5">
            {current.blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Alert>
      )}
      {start.isError && <Alert tone="error">{serverMessage(start.error) ?? 'The merge could not start. Please try again.'}</Alert>}

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-1 accent-brand-700" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
          <span>I understand that HubSpot cannot undo a merge.</span>
        </label>
        <div className="flex flex-col items-stretch gap-1 sm:items-end">
          <Button size="lg" onClick={submit} disabled={!confirmed || start.isPending || current.blockers.length > 0}>
            {start.isPending && <Spinner className="h-4 w-4" />}
            Merge {others} {others === 1 ? 'record' : 'records'} into {nameOf(current.primaryId)}
          </Button>
          {readOnlyNote && <p className="text-xs text-slate-500">{readOnlyNote}</p>}
        </div>
      </div>
    </div>
  );
}
