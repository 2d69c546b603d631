import { fuzzyBands, numberComparison, stringComparison, timeGapComparison, tokenComparison } from '../compare/comparisons';
import { normalizeBusinessName } from '../normalize/business-name';
import { toEpochMs } from '../normalize/date';
import { asText, foldText } from '../normalize/text';
import { derivedPart, joinKey, part } from '../block/keys';
import { Dictionary, PrepareContext, textAt, type TextColumn } from '../text-column';
import type { Comparison, ObjectModel, PreparedDataset } from '../types';
import { baseColumns, propertiesRead, firstOf, hasValues, memoize } from './prepare-helpers';
import { itemSet, requirementLevel, setsMeet } from './requirements';
import { NULL_LEVEL } from '../types';
import { jaroWinkler } from '../compare/similarity';
import { memoizedSimilarity } from '../compare/memoized-similarity';

/** The company a deal is with: HubSpot's primary associated company first, then older or custom properties. */
const COMPANY_ID_PROPERTIES = ['hs_primary_associated_company', 'associatedcompanyid'];
const COMPANY_NAME_PROPERTIES = ['company'];
/** A year in a deal's name ("Renewal 2024"): next year's renewal is another deal. */
const YEAR = /^(19|20)\d\d$/;

/**
 * Deals: name, company, amount and close date. A duplicate deal is one opportunity entered
 * twice, so it is with one company: two deals with different companies are never one,
 * however alike their names ("Renewal 2024", "Annual Subscription"). The company is
 * HubSpot's primary associated company (`hs_primary_associated_company`, or the older
 * `associatedcompanyid`), else a company name (`company`).
 */
export const dealsModel: ObjectModel = {
  objectType: 'deals',
  reads: propertiesRead('deals', ['dealname', ...COMPANY_ID_PROPERTIES, ...COMPANY_NAME_PROPERTIES, 'pipeline', 'amount', 'closedate', 'createdate']),

  prepare(records, settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'deals');
    const n = base.size;
    const { d, dealName, company } = context.keep('deals', () => ({
      d: { name: new Dictionary(), company: new Dictionary(), companyName: new Dictionary(), pipeline: new Dictionary(), closeMonth: new Dictionary(), years: new Dictionary() },
      dealName: memoize((raw) => foldText(raw).split(' ').filter(Boolean).sort().join(' ')),
      company: memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name),
    }));
    const c = { name: d.name.column(n), company: d.company.column(n), companyName: d.companyName.column(n), pipeline: d.pipeline.column(n), closeMonth: d.closeMonth.column(n), years: d.years.column(n) };
    const amount = new Float64Array(n).fill(Number.NaN);
    const closeDate = new Float64Array(n).fill(Number.NaN);
    const created = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const name = dealName(firstOf(p, ['dealname']));
      c.name.codes[i] = d.name.code(name);
      c.years.codes[i] = d.years.code(itemSet(name.split(' ').filter((word) => YEAR.test(word))));
      const companyId = firstOf(p, COMPANY_ID_PROPERTIES).replace(/\.0+$/, '');
      const companyName = company(firstOf(p, COMPANY_NAME_PROPERTIES));
      // The key for blocking: the id where there is one, else the name.
      c.company.codes[i] = d.company.code(companyId !== '' ? `id:${companyId}` : companyName);
      c.companyName.codes[i] = d.companyName.code(companyName);
      c.pipeline.codes[i] = d.pipeline.code(foldText(p.pipeline));
      const value = Number.parseFloat(asText(p.amount).replace(/[^0-9.-]/g, ''));
      if (Number.isFinite(value)) amount[i] = value;
      created[i] = toEpochMs(p.createdate);
      const time = toEpochMs(p.closedate);
      if (!Number.isNaN(time)) {
        closeDate[i] = time;
        c.closeMonth.codes[i] = d.closeMonth.code(new Date(time).toISOString().slice(0, 7));
      }
    }
    return { objectType: 'deals', ...base, columns: c, numbers: { amount, closeDate, created } };
  },

  comparisons(data, settings) {
    const c = data.columns;
    const numbers = data.numbers!;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'dealname', label: 'Deal name', properties: ['dealname'], values: c.name!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      numberComparison({ name: 'amount', label: 'Amount', properties: ['amount'], values: numbers.amount! }),
      timeGapComparison({ name: 'closedate', label: 'Close date', properties: ['closedate'], values: numbers.closeDate!, bands: CLOSE_DATE_BANDS, beyond: requirementLevel('more than six months apart') }),
      timeGapComparison({ name: 'createdate', label: 'Created', properties: ['createdate'], values: numbers.created!, bands: CREATED_BANDS, beyond: requirementLevel('more than six months apart', 0.8) }),
      yearComparison(c.years!),
      stringComparison({ name: 'pipeline', label: 'Pipeline', properties: ['pipeline'], values: c.pipeline! }),
    ];
    return [companyComparison(data, bands.length > 0), ...comparisons.filter((comparison) => hasValues(comparison, data.size))];
  },

  blockingRules(data) {
    const c = data.columns;
    const amount = data.numbers!.amount!;
    const sort = (i: number) => textAt(c.name!, i);
    const amounts = new Dictionary();
    const amountKey = amounts.column(data.size);
    for (let i = 0; i < data.size; i++) if (!Number.isNaN(amount[i]!)) amountKey.codes[i] = amounts.code(String(Math.round(amount[i]!)));
    const firstWord = derivedPart(c.name!, (name) => name.split(' ')[0]!);
    return [
      { name: 'deal name', fields: ['dealname'], key: joinKey(part(c.name!)), sortKey: sort },
      { name: 'company', fields: ['company'], key: joinKey(part(c.company!)), sortKey: sort },
      // Deals that name no company: what the same opportunity keeps when entered again.
      { name: 'amount + close month', fields: ['amount', 'closedate'], key: joinKey(part(amountKey), part(c.closeMonth!)), sortKey: sort },
      { name: 'company + amount', fields: ['company', 'amount'], key: joinKey(part(c.company!), part(amountKey)), sortKey: sort },
      { name: 'company + close month', fields: ['company', 'closedate'], key: joinKey(part(c.company!), part(c.closeMonth!)), sortKey: sort },
      { name: 'company + first word of name', fields: ['company', 'dealname'], key: joinKey(part(c.company!), firstWord), sortKey: sort, broad: true },
    ];
  },
};

/**
 * The deals' company: the same (by HubSpot id, or by name when either deal has no id),
 * a similar name (a typo, a legal form), or two companies, which no duplicate deal is.
 * Unknown on either side, it has no say.
 */
function companyComparison(data: PreparedDataset, fuzzy: boolean): Comparison {
  const company = data.columns.company!;
  const name = data.columns.companyName!;
  const ids = company.codes;
  const names = name.codes;
  const isId = (code: number) => company.values[code]!.startsWith('id:');
  const similarity = memoizedSimilarity(name.values, jaroWinkler);
  return {
    name: 'company',
    label: 'Company',
    properties: [...COMPANY_ID_PROPERTIES, ...COMPANY_NAME_PROPERTIES],
    levels: [{ label: 'same company', m: 0.9, u: 0.002 }, { label: 'similar company name', m: 0.08, u: 0.002 }, requirementLevel('different companies', 0.99)],
    compare(i, j) {
      const a = ids[i]!;
      const b = ids[j]!;
      if (a === 0 || b === 0) return NULL_LEVEL;
      if (a === b) return 0;
      if (isId(a) && isId(b)) return 2;
      // An id on one side only: the names, where both deals have one.
      const x = names[i]!;
      const y = names[j]!;
      if (x === 0 || y === 0) return NULL_LEVEL;
      if (x === y) return 0;
      return fuzzy && similarity(x, y) >= 0.92 ? 1 : 2;
    },
  };
}

/**
 * Close dates: within a day, a week, a month, a quarter, half a year, or further apart. A
 * deal entered twice keeps its close date give or take a few weeks; one closing a year
 * later is a renewal, however alike the rest (a company's renewals share name and price),
 * so that is a requirement and the level before it is held low rather than learnt.
 */
const CLOSE_DATE_BANDS = [
  { label: 'within a day', m: 0.6, u: 0.005, days: 1 },
  { label: 'within a week', m: 0.15, u: 0.02, days: 7 },
  { label: 'within a month', m: 0.15, u: 0.05, days: 31 },
  { label: 'within three months', m: 0.08, u: 0.1, days: 92 },
  { label: 'three to six months apart', m: 0.01, u: 0.1, fixed: true, days: 183 },
];

/**
 * Creation dates: a deal entered twice is entered while it is open, mostly within days; the
 * next year's renewal is opened a year later with the same name and often the same price,
 * and without close dates only this tells them apart. More than six months apart is a
 * requirement, like close dates: however alike the rest, no duplicate is that far apart.
 */
const CREATED_BANDS = [
  { label: 'within a week', m: 0.6, u: 0.01, days: 7 },
  { label: 'within a month', m: 0.2, u: 0.03, days: 31 },
  { label: 'within six months', m: 0.15, u: 0.1, days: 183 },
];

/**
 * Years named in the deal names: "Support Contract 2024" and "Support Contract 2025" are
 * two deals (a renewal), never one. The same year adds nothing the names do not already say.
 */
function yearComparison(years: TextColumn): Comparison {
  const { codes, values } = years;
  return {
    name: 'dealyear',
    label: 'Year in the deal name',
    properties: ['dealname'],
    levels: [
      { label: 'same year', m: 0.5, u: 0.5, neutral: true },
      requirementLevel('different years'),
    ],
    compare(i, j) {
      const a = codes[i]!;
      const b = codes[j]!;
      if (a === 0 || b === 0) return NULL_LEVEL;
      return a === b || setsMeet(values[a]!, values[b]!) ? 0 : 1;
    },
  };
}
