import { Link } from 'react-router';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { SENSITIVITY_MATCH_PROBABILITY } from '../../../shared/match-threshold';

const chance = (probability: number) => `${Math.round(probability * 100)}%`;

/** docs/decisions/004-matching-engine.md, for users: the stages a scan runs to find duplicates. */
const STEPS = [
  {
    title: 'Tidy the values',
    text: 'Emails, phone numbers, company names, person names and addresses are put in one form, so "ACME Inc." and "Acme" or "+1 555 010 0100" and "555-010-0100" can be compared.',
  },
  {
    title: 'Pick candidate pairs',
    text: 'Records that share a key (the same email, phone or domain, a similar-sounding surname, a company-name word) become candidates. Comparing only these keeps a scan fast without missing likely pairs. Records typed badly in several fields still meet: by their initials and month of birth, or by the first name and the first letters of the surname.',
  },
  {
    title: 'Compare field by field',
    text: 'For each pair, every field gets a level: the same, the same once tidied, nearly the same, sounds the same, different, or missing on one side. First names also have a nickname or initial level ("Bob" for Robert, "J." for James), and a level for names that are clearly two people\'s: different first names count against a match even at the same company, with the same surname and email domain. Two extensions of one company phone line, or a numbered mailbox beside the same one ("peter@" and "peter2@"), also mean two people; work emails at two different companies, two street addresses in one town and different job titles count against a match.',
  },
  {
    title: 'Allow for typing slips',
    text: 'Records are often typed in a hurry, and a slip is not a second person. Names with letters left out or in the wrong order ("Josen" for Jones), first and last name swapped, a date of birth a few weeks off or with the year mistyped ("1994" for "1984"), and a town name with two letters wrong ("Loonon" for London) count as nearly the same, not as different. An email address whose ending is misspelt ("@white.ohg") is a typo, not a second employer.',
  },
  {
    title: 'Weigh the evidence',
    text: 'Each level adds or takes away evidence, learned from your own portal: how often it occurs between true duplicates compared with random pairs. A shared rare value counts more than a common one, so two Smiths prove less than two Wojciechowskis.',
  },
  {
    title: 'Group the duplicates',
    text: 'Pairs sure enough for your settings are joined into groups, strongest first. A group does not grow past a size limit, and records whose fields argue against a match, or that you marked as not duplicates, are kept apart. Two contacts with clearly different first names, such as colleagues "Noe Hoppe" and "Brandon Hoppe" at one company, are never put in one group, not even through a third record, unless they share the exact same email address or phone number and nothing else disagrees. A name alone is not enough either: two contacts of the same name, even in the same town, are not grouped when they share nothing else that identifies a person (an email address, a phone number, a street address, the employer, a date of birth) and their emails, phones, employers or homes differ. In a large portal such records are as often two people, and a merge would lose one of them.',
  },
  {
    title: 'Companies: one name, two businesses',
    text: 'Two companies with the same name in different towns and different websites are not grouped. A company name alone is not enough, even in one town: two companies of the same name are grouped only when they share something that identifies a business (the website, the phone number or the street address), not when their websites or phone numbers differ. Records with two different websites, or in two different towns or US states, are never put in one group, not even through a third record, unless they share the phone number: branches of one chain share its name and website but not its town. A Facebook page or a Google or Wix site counts as the company\'s own website, not the host\'s.',
  },
  {
    title: 'Tickets and deals: the same customer',
    text: 'Tickets count as duplicates only when the same customer (the same contact or company) asks again within 30 days. A common subject like "Cannot log in" counts for little, because many customers write it. Deals of different companies, named for different years, or created more than six months apart (next year\'s renewal), are never duplicates.',
  },
  {
    title: 'Explain every match',
    text: 'Each proposed group shows what every field added to the decision, with both values side by side, so you can judge it before you merge.',
  },
] as const;

/** Help, "How duplicate matching works": the pipeline, and what each setting changes. */
export function MatchingHelp({ basePath }: { basePath: string }) {
  const settingsLink = (
    <Link to={`${basePath}/settings#duplicates`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
      Settings, Duplicate detection
    </Link>
  );
  return (
    <div className="space-y-6">
      <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-3 text-sm font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>

      <section aria-labelledby="help-match-settings-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 id="help-match-settings-heading" className="text-base font-semibold text-slate-900">
          What your settings change
        </h3>
        <p className="mt-1 text-sm text-slate-600">All of them are in {settingsLink}, and apply from the next scan.</p>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-900">Sensitivity</dt>
            <dd className="text-slate-700">
              Sets how probable a match must be before a pair is proposed. <strong>Low</strong> asks for near-certainty ({chance(SENSITIVITY_MATCH_PROBABILITY.low)}) and proposes the fewest pairs;{' '}
              <strong>medium</strong> (the default, {chance(SENSITIVITY_MATCH_PROBABILITY.medium)}) balances the two; <strong>high</strong> ({chance(SENSITIVITY_MATCH_PROBABILITY.high)}) also proposes
              pairs that are likely rather than certain, finding more duplicates with more that need a second look. These are at the default fuzzy matching threshold.
            </dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-900">Fuzzy matching threshold</dt>
            <dd className="text-slate-700">
              From 0 to 100, default {SETTINGS_DEFAULTS.fuzzyMatchingThreshold}. Above the default, a pair needs more evidence to be proposed, and spellings must be closer to count as nearly the same;
              below it, less. Each step of ten doubles (or halves) the evidence asked for.
            </dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-900">Fuzzy and phonetic matching</dt>
            <dd className="text-slate-700">Turn off the &quot;nearly the same&quot; and &quot;sounds the same&quot; levels: only exact agreement then counts.</dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-900">Normalization</dt>
            <dd className="text-slate-700">Turn off the tidying of emails, phone numbers or company names: values are then compared as typed, apart from upper and lower case.</dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium text-slate-900">Your decisions</dt>
            <dd className="text-slate-700">A pair you mark as not duplicates is never proposed again, and your merges and dismissals teach the model what counts as a match in your portal.</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
