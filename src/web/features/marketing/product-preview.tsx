/**
 * The hero's product illustration, drawn with HTML and SVG (the CSP allows no outside
 * images): a health score ring and a duplicate pair with the fields that matched. It is
 * one image to assistive technology, described by its label.
 */

const HEALTH_SCORE = 86;

const SUB_SCORES = [
  { label: 'Completeness', value: 82, bar: 'bg-brand-600' },
  { label: 'Freshness', value: 91, bar: 'bg-sky-500' },
  { label: 'Duplicates', value: 94, bar: 'bg-indigo-500' },
  { label: 'Update frequency', value: 77, bar: 'bg-amber-500' },
];

/** How a field compared: equal once normalised, close (fuzzy), or no evidence. */
type Match = 'normalized' | 'fuzzy' | 'none';

const PAIR: { field: string; left: string; right: string; match: Match; weight: string }[] = [
  { field: 'Name', left: 'Jonathan Smith', right: 'Jon Smith', match: 'fuzzy', weight: '+2.1' },
  { field: 'Email', left: 'jsmith@acme.io', right: 'JSmith@ACME.io', match: 'normalized', weight: '+6.8' },
  { field: 'Phone', left: '415 555 0132', right: '(415) 555-0132', match: 'normalized', weight: '+4.9' },
  { field: 'Company', left: 'Acme Inc.', right: 'ACME', match: 'normalized', weight: '+1.7' },
  { field: 'Job title', left: 'VP Sales', right: '—', match: 'none', weight: '0.0' },
];

// Narrow phones get a narrower field column so both values stay readable.
const PAIR_COLUMNS = 'grid grid-cols-[3.5rem_minmax(0,1fr)_minmax(0,1fr)_2.25rem] gap-x-1.5 sm:grid-cols-[4.5rem_minmax(0,1fr)_minmax(0,1fr)_2.5rem] sm:gap-x-2';

const MATCH_STYLE: Record<Match, string> = {
  normalized: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  fuzzy: 'bg-amber-50 text-amber-800 ring-amber-200',
  none: 'bg-slate-50 text-slate-500 ring-slate-200',
};

function HealthRing({ score }: { score: number }) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg viewBox="0 0 100 100" className="h-28 w-28 shrink-0 -rotate-90" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="preview-ring" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#0d9488" />
          <stop offset="100%" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="9" />
      <circle
        cx="50"
        cy="50"
        r={radius}
        fill="none"
        stroke="url(#preview-ring)"
        strokeWidth="9"
        strokeLinecap="round"
        strokeDasharray={`${(circumference * score) / 100} ${circumference}`}
      />
    </svg>
  );
}

function HealthCard() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Health score · Contacts</p>
        <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-700">+6 this week</span>
      </div>
      <div className="mt-3 flex items-center gap-4">
        <div className="relative">
          <HealthRing score={HEALTH_SCORE} />
          <div className="absolute inset-0 flex flex-col items-center justify-center">
            <span className="text-3xl font-bold tracking-tight text-slate-900">{HEALTH_SCORE}</span>
            <span className="text-[11px] font-medium text-slate-500">of 100</span>
          </div>
        </div>
        <ul className="min-w-0 flex-1 space-y-2">
          {SUB_SCORES.map((score) => (
            <li key={score.label}>
              <div className="flex justify-between text-[11px] font-medium text-slate-600">
                <span className="truncate">{score.label}</span>
                <span className="text-slate-900">{score.value}</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100">
                <div className={`h-1.5 rounded-full ${score.bar}`} style={{ width: `${score.value}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function DuplicatePairCard() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">Possible duplicate</p>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">97% match</span>
      </div>
      <div className="px-4 py-3">
        <div className={`${PAIR_COLUMNS} text-[11px] font-semibold uppercase tracking-wide text-slate-500`}>
          <span>Field</span>
          <span>Record A</span>
          <span>Record B</span>
          <span className="text-right">Why</span>
        </div>
        <ul className="mt-2 space-y-1.5">
          {PAIR.map((row) => (
            <li key={row.field} className={`${PAIR_COLUMNS} items-center text-[11px] sm:text-xs`}>
              <span className="truncate font-medium text-slate-500">{row.field}</span>
              <span className={`truncate rounded-md px-1 py-1 ring-1 sm:px-1.5 ${MATCH_STYLE[row.match]}`}>{row.left}</span>
              <span className={`truncate rounded-md px-1 py-1 ring-1 sm:px-1.5 ${MATCH_STYLE[row.match]}`}>{row.right}</span>
              <span className={`text-right font-semibold tabular-nums ${row.match === 'none' ? 'text-slate-500' : 'text-emerald-700'}`}>{row.weight}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
        <span className="text-[11px] text-slate-500">Backup kept for every merge</span>
        <div className="flex gap-2">
          <span className="rounded-md border border-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-700">Not a duplicate</span>
          <span className="rounded-md bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white">Merge</span>
        </div>
      </div>
    </div>
  );
}

export function ProductPreview() {
  return (
    <div
      role="img"
      aria-label="The DataCleaner dashboard: a contacts health score of 86 out of 100, and a possible duplicate contact with a 97% match, explained field by field by email, phone, company and name."
      className="relative isolate mx-auto w-full max-w-xl"
    >
      <div aria-hidden="true" className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-100 via-sky-100 to-indigo-100 opacity-70 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50/80 shadow-2xl shadow-slate-900/10 ring-1 ring-slate-900/5">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2.5">
          <span className="h-2.5 w-2.5 rounded-full bg-rose-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 truncate rounded-md bg-slate-100 px-3 py-0.5 text-[11px] text-slate-500">datacleaner / dashboard</span>
        </div>
        <div className="grid gap-3 p-3 sm:p-4">
          <HealthCard />
          <DuplicatePairCard />
        </div>
      </div>
      <div className="absolute -bottom-10 -left-4 hidden items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-lg sm:flex">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-50 text-sm font-bold text-indigo-700">#</span>
        <span className="text-xs">
          <span className="block font-semibold text-slate-900">Scan completed</span>
          <span className="block text-slate-500">12 new duplicates in Contacts</span>
        </span>
      </div>
    </div>
  );
}
