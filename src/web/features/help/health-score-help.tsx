import type { ReactNode } from 'react';
import type { HealthResults, ObjectHealth } from '../../../shared/contracts/results';
import { DUPLICATE_PENALTY_EXPONENT, FRESHNESS_HALF_LIFE_DAYS, HEALTH_WEIGHTS, RECENT_UPDATE_WINDOW_DAYS, UPDATE_TARGET_SHARE } from '../../../shared/health-formula';
import { formatScore, formatShare } from '../dashboard/format-numbers';
import { healthBand } from '../dashboard/health-band';
import { HEALTH_PARTS } from '../dashboard/object-health-card';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';

type PartKey = (typeof HEALTH_PARTS)[number]['key'];

/** A formula set apart from the prose, in words and symbols rather than code. */
function Formula({ children }: { children: ReactNode }) {
  return <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm leading-relaxed text-slate-900">{children}</p>;
}

function ScoreCard({ id, title, what, formula, children, yours }: { id: string; title: string; what: string; formula: ReactNode; children?: ReactNode; yours?: ReactNode }) {
  return (
    <article aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{what}</p>
      <Formula>{formula}</Formula>
      {children && <div className="mt-3 space-y-2 text-sm text-slate-700">{children}</div>}
      {yours}
    </article>
  );
}

/** The band of every score from 0 to 100, read off the dashboard's own banding rather than restated. */
function bandRanges(): { label: string; color: string; from: number; to: number }[] {
  const ranges: { label: string; color: string; from: number; to: number }[] = [];
  for (let score = 0; score <= 100; score++) {
    const band = healthBand(score);
    const last = ranges.at(-1);
    if (last && last.label === band.label) last.to = score;
    else ranges.push({ label: band.label, color: band.color, from: score, to: score });
  }
  return ranges.reverse();
}

/** "Your contacts: 75, companies: 40", from the latest scan, when there is one. */
function YourScores({ objects, part }: { objects: readonly ObjectHealth[]; part: PartKey | 'healthScore' }) {
  if (objects.length === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-600">
      <span className="font-medium text-slate-800">Your latest scan: </span>
      {objects.map((o, i) => (
        <span key={o.objectType}>
          {i > 0 && ', '}
          {OBJECT_TYPE_LABELS[o.objectType].toLowerCase()} <span className="font-semibold tabular-nums text-slate-900">{formatScore(o[part])}</span>
        </span>
      ))}
      .
    </p>
  );
}

const decimals = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percent = (share: number) => `${Math.round(share * 100)}%`;
const twoDecimals = (value: number) => decimals.format(value);

/** The properties and weights the latest scan of each object type used, as the API reports them. */
function CompletenessWeights({ objects }: { objects: readonly ObjectHealth[] }) {
  const withRates = objects.filter((o) => o.fillRates.length > 0);
  if (withRates.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">After your first scan, the properties of each object type and their weights are listed here, with your own fill rates.</p>;
  }
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      {withRates.map((object) => {
        const rates = [...object.fillRates].sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label));
        const totalWeight = rates.reduce((sum, f) => sum + f.weight, 0);
        const weighted = rates.reduce((sum, f) => sum + f.weight * f.rate, 0);
        return (
          <div key={object.objectType} tabIndex={0} role="group" aria-label={`${OBJECT_TYPE_LABELS[object.objectType]} property weights`} className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
            <table className="min-w-full text-left text-sm">
              <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">{OBJECT_TYPE_LABELS[object.objectType]}</caption>
              <thead className="text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Property
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Weight
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Filled
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rates.map((fill) => (
                  <tr key={fill.property}>
                    <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                      {fill.label}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{fill.weight}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatShare(fill.rate)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200 bg-slate-50 text-slate-800">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    Completeness
                  </th>
                  <td colSpan={2} className="px-3 py-2 text-right tabular-nums">
                    100 × {twoDecimals(weighted)} ÷ {twoDecimals(totalWeight)} = <span className="font-semibold">{formatScore(totalWeight > 0 ? (100 * weighted) / totalWeight : 0)}</span>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        );
      })}
    </div>
  );
}

/** Help, "How scores are computed": each metric's formula as the engine documents it, with the user's own numbers where a scan has them. */
export function HealthScoreHelp({ results }: { results: HealthResults | undefined }) {
  const objects = results?.objects ?? [];
  return (
    <div className="space-y-4">
      <ScoreCard
        id="help-health-score"
        title="Health score"
        what="One number from 0 to 100 per object type: how much you can trust its records."
        formula={
          <>
            Health score = {percent(HEALTH_WEIGHTS.completeness)} × completeness + {percent(HEALTH_WEIGHTS.duplicates)} × duplicates + {percent(HEALTH_WEIGHTS.freshness)} × freshness +{' '}
            {percent(HEALTH_WEIGHTS.updateFrequency)} × update frequency
          </>
        }
        yours={<YourScores objects={objects} part="healthScore" />}
      >
        <p>
          Completeness weighs the most, then duplicates, then freshness; update frequency weighs the least, and the weights add up to 100%. The four scores are rounded to one decimal before
          they are added, so you can redo the sum from the numbers on your dashboard. An object type with no records scores 0.
        </p>
        <p>
          The <strong>overall health</strong> on the dashboard is the average of the object types&apos; health scores, each weighted by its number of records.
        </p>
        <ul aria-label="How a score reads" className="flex flex-wrap gap-2 pt-1">
          {bandRanges().map((band) => (
            <li key={band.label} className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-700">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: band.color }} />
              {band.from}–{band.to}: {band.label}
            </li>
          ))}
        </ul>
      </ScoreCard>

      <div className="grid gap-4 lg:grid-cols-2">
        <ScoreCard
          id="help-completeness"
          title="Completeness"
          what="Are the properties that matter filled in?"
          formula={<>Completeness = 100 × Σ (weight × fill rate) ÷ Σ weight</>}
          yours={<YourScores objects={objects} part="completenessScore" />}
        >
          <p>
            Each object type has a set of key properties. A property&apos;s <strong>fill rate</strong> is the share of records where it has a value; blank text is not a value. Some needs can be met by
            either of two properties: a mobile number counts as a phone number.
          </p>
          <p>Properties that identify a record (email, names, company name and domain, deal and ticket names) weigh the most; descriptive ones (job title, industry, priority) the least.</p>
        </ScoreCard>

        <ScoreCard
          id="help-duplicates"
          title="Duplicates"
          what="How much of your data is repeated?"
          formula={
            <>
              Duplicates = 100 × (1 − duplicate rate)<sup>{DUPLICATE_PENALTY_EXPONENT}</sup>
            </>
          }
          yours={<YourScores objects={objects} part="duplicateScore" />}
        >
          <p>
            The <strong>duplicate rate</strong> is the share of records that belong to a group of duplicates. The power makes each duplicate cost more than its share, because every one of them
            misleads: 5% of records in duplicate groups scores {formatScore(100 * 0.95 ** DUPLICATE_PENALTY_EXPONENT)}, not 95. No duplicates scores 100.
          </p>
        </ScoreCard>

        <ScoreCard
          id="help-freshness"
          title="Freshness"
          what="How recently were records touched?"
          formula={
            <>
              Freshness = average over records of 100 × ½<sup>age in days ÷ {FRESHNESS_HALF_LIFE_DAYS}</sup>
            </>
          }
          yours={<YourScores objects={objects} part="freshnessScore" />}
        >
          <p>
            A record&apos;s <strong>age</strong> is the number of days since it was last modified, or created when it has no modification date. A record modified today scores 100, and its score halves
            with every {FRESHNESS_HALF_LIFE_DAYS} days that pass. Records with neither date are left out; a date in the future counts as today.
          </p>
        </ScoreCard>

        <ScoreCard
          id="help-update-frequency"
          title="Update frequency"
          what="Is your data being kept up to date?"
          formula={
            <>
              Update frequency = 100 × min(1, share updated in the last {RECENT_UPDATE_WINDOW_DAYS} days ÷ {percent(UPDATE_TARGET_SHARE)})
            </>
          }
          yours={<YourScores objects={objects} part="updateFrequencyScore" />}
        >
          <p>
            The share of dated records modified or created recently: {HEALTH_PARTS.find((part) => part.key === 'updateFrequencyScore')!.hint.toLowerCase()}. When {percent(UPDATE_TARGET_SHARE)} of them
            are, the score is the full 100; you do not need to touch every record to score well.
          </p>
        </ScoreCard>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ScoreCard
          id="help-empty-fields"
          title="Empty fields"
          what="Shown beside the scores, as a percentage."
          formula={<>Empty fields = empty values ÷ (key properties × records) × 100</>}
        >
          <p>The same key properties as completeness, but every property counts the same.</p>
        </ScoreCard>
        <ScoreCard id="help-data-age" title="Average data age" what="Shown beside the scores, in days." formula={<>Average data age = Σ age in days ÷ records with a date</>}>
          <p>Ages are measured as for freshness. Together with update frequency, it tells apart a portal that is old from one that is neglected.</p>
        </ScoreCard>
      </div>

      <section aria-labelledby="help-weights-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 id="help-weights-heading" className="text-base font-semibold text-slate-900">
          Completeness, property by property
        </h3>
        <p className="mt-1 text-sm text-slate-600">The properties each object type is scored on and their weights, as used in your latest scan, with the sum worked out.</p>
        <CompletenessWeights objects={objects} />
      </section>
    </div>
  );
}
