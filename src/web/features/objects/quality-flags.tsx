import type { InvalidValue, ObjectField, QualityFlag, RecordQuality } from '../../../shared/contracts/objects';
import { propertyLabel } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import { plural } from '../dashboard/format-numbers';

interface FlagInfo {
  /** The filter chip's label. */
  label: string;
  /** What the flag means, under the chips and on the record page. */
  meaning: (staleAfterDays: number) => string;
  /** Badge colours: a ring, a tint and a dot. */
  tone: string;
  dot: string;
}

/** Colours follow the dashboard: amber for gaps, indigo for duplicates; red for values that are wrong. */
export const FLAG_INFO: Readonly<Record<QualityFlag, FlagInfo>> = {
  'missing-fields': {
    label: 'Missing key fields',
    meaning: () => 'A field every record should have, such as the email or the name, is empty.',
    tone: 'bg-amber-50 text-amber-900 ring-amber-200',
    dot: 'bg-amber-500',
  },
  'invalid-email': {
    label: 'Invalid email',
    meaning: () => 'The email address is not in the form name@domain.com, so nothing can be sent to it.',
    tone: 'bg-rose-50 text-rose-900 ring-rose-200',
    dot: 'bg-rose-500',
  },
  'invalid-phone': {
    label: 'Invalid phone',
    meaning: () => 'The phone number is not a valid number, or lacks the country code it needs.',
    tone: 'bg-rose-50 text-rose-900 ring-rose-200',
    dot: 'bg-rose-500',
  },
  stale: {
    label: 'Stale',
    meaning: (days) => `Nothing about the record has changed for more than ${days} days.`,
    tone: 'bg-slate-100 text-slate-800 ring-slate-300',
    dot: 'bg-slate-500',
  },
  'possible-duplicate': {
    label: 'Possible duplicate',
    meaning: () => 'The record is in a group of likely duplicates waiting for your review.',
    tone: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
    dot: 'bg-indigo-500',
  },
};

/** How a gap reads in a sentence: "No email address", "No first name". */
const MISSING_WORDS: Readonly<Record<string, string>> = {
  email: 'email address',
  domain: 'company domain',
  hs_pipeline_stage: 'ticket status',
};

function missingPhrase(objectType: ObjectType, property: string): string {
  if (property === 'phone' && objectType === 'contacts') return 'No phone number (nor a mobile number)';
  return `No ${MISSING_WORDS[property] ?? propertyLabel(objectType, property).toLowerCase()}`;
}

function invalidPhrase(objectType: ObjectType, problem: InvalidValue, kind: 'email' | 'phone'): string {
  const label = propertyLabel(objectType, problem.property);
  if (kind === 'email') return `${label} “${problem.value}” is not a valid email address`;
  if (problem.reason === 'needs-country-code') return `${label} “${problem.value}” has no country code: add it (such as +44) so the number can be dialled and compared`;
  return `${label} “${problem.value}” can't be read as a phone number`;
}

/** Each problem of a record as a sentence, in the order of the flags. */
export function describeProblems(objectType: ObjectType, quality: RecordQuality, staleAfterDays: number): { flag: QualityFlag; text: string }[] {
  const problems: { flag: QualityFlag; text: string }[] = [];
  for (const property of quality.missingFields) problems.push({ flag: 'missing-fields', text: missingPhrase(objectType, property) });
  for (const problem of quality.invalidEmails) problems.push({ flag: 'invalid-email', text: invalidPhrase(objectType, problem, 'email') });
  for (const problem of quality.invalidPhones) problems.push({ flag: 'invalid-phone', text: invalidPhrase(objectType, problem, 'phone') });
  if (quality.flags.includes('stale') && quality.daysSinceUpdate !== null)
    problems.push({ flag: 'stale', text: `Not updated for ${plural(quality.daysSinceUpdate, 'day', 'days')} (more than ${staleAfterDays})` });
  const groups = quality.duplicateGroupIds.length;
  if (groups > 0) problems.push({ flag: 'possible-duplicate', text: groups === 1 ? 'Possibly a duplicate: it is in a group waiting for review' : `Possibly a duplicate: it is in ${groups} groups waiting for review` });
  return problems;
}

/** A record's flags as short badges for a list row: "No email", "Stale, 412 days". */
export function badgesOf(objectType: ObjectType, quality: RecordQuality, fields: readonly ObjectField[]): { flag: QualityFlag; text: string }[] {
  return quality.flags.map((flag) => {
    switch (flag) {
      case 'missing-fields': {
        const [only] = quality.missingFields;
        if (quality.missingFields.length > 1 || !only) return { flag, text: `${quality.missingFields.length} key fields empty` };
        const label = fields.find((f) => f.property === only)?.label ?? propertyLabel(objectType, only);
        return { flag, text: `No ${label.toLowerCase()}` };
      }
      case 'invalid-phone':
        return { flag, text: quality.invalidPhones.every((p) => p.reason === 'needs-country-code') ? 'Phone lacks country code' : 'Invalid phone' };
      case 'stale':
        return { flag, text: quality.daysSinceUpdate !== null ? `Stale, ${plural(quality.daysSinceUpdate, 'day', 'days')}` : 'Stale' };
      default:
        return { flag, text: FLAG_INFO[flag].label };
    }
  });
}

export function FlagBadge({ flag, children }: { flag: QualityFlag; children: string }) {
  const info = FLAG_INFO[flag];
  return (
    <span className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${info.tone}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${info.dot}`} />
      {children}
    </span>
  );
}
