import { fuzzyBands, numberComparison, stringComparison, timeComparison, tokenComparison } from '../compare/comparisons';
import { normalizeBusinessName } from '../normalize/business-name';
import { toEpochMs } from '../normalize/date';
import { asText, foldText } from '../normalize/text';
import { derivedPart, joinKey, part } from '../block/keys';
import { Dictionary, PrepareContext, textAt } from '../text-column';
import type { Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, firstOf, hasValues, memoize } from './prepare-helpers';

/**
 * Deals: name, company, amount and close date. The company is the associated company id
 * when the mirror has it (`associatedcompanyid`), or a company name (`company`).
 */
export const dealsModel: ObjectModel = {
  objectType: 'deals',
  reads: propertiesRead('deals', ['dealname', 'associatedcompanyid', 'company', 'pipeline', 'amount', 'closedate']),

  prepare(records, settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'deals');
    const n = base.size;
    const { d, dealName, company } = context.keep('deals', () => ({
      d: { name: new Dictionary(), company: new Dictionary(), pipeline: new Dictionary(), closeMonth: new Dictionary() },
      dealName: memoize((raw) => foldText(raw).split(' ').filter(Boolean).sort().join(' ')),
      company: memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name),
    }));
    const c = { name: d.name.column(n), company: d.company.column(n), pipeline: d.pipeline.column(n), closeMonth: d.closeMonth.column(n) };
    const amount = new Float64Array(n).fill(Number.NaN);
    const closeDate = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      c.name.codes[i] = d.name.code(dealName(firstOf(p, ['dealname'])));
      const companyId = asText(p.associatedcompanyid);
      c.company.codes[i] = d.company.code(companyId !== '' ? `id:${companyId}` : company(firstOf(p, ['company'])));
      c.pipeline.codes[i] = d.pipeline.code(foldText(p.pipeline));
      const value = Number.parseFloat(asText(p.amount).replace(/[^0-9.-]/g, ''));
      if (Number.isFinite(value)) amount[i] = value;
      const time = toEpochMs(p.closedate);
      if (!Number.isNaN(time)) {
        closeDate[i] = time;
        c.closeMonth.codes[i] = d.closeMonth.code(new Date(time).toISOString().slice(0, 7));
      }
    }
    return { objectType: 'deals', ...base, columns: c, numbers: { amount, closeDate } };
  },

  comparisons(data, settings) {
    const c = data.columns;
    const numbers = data.numbers!;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'dealname', label: 'Deal name', properties: ['dealname'], values: c.name!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      stringComparison({ name: 'company', label: 'Company', properties: ['associatedcompanyid', 'company'], values: c.company!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      numberComparison({ name: 'amount', label: 'Amount', properties: ['amount'], values: numbers.amount! }),
      timeComparison({ name: 'closedate', label: 'Close date', properties: ['closedate'], values: numbers.closeDate! }),
      stringComparison({ name: 'pipeline', label: 'Pipeline', properties: ['pipeline'], values: c.pipeline! }),
    ];
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
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
      { name: 'company + amount', fields: ['company', 'amount'], key: joinKey(part(c.company!), part(amountKey)), sortKey: sort },
      { name: 'company + close month', fields: ['company', 'closedate'], key: joinKey(part(c.company!), part(c.closeMonth!)), sortKey: sort },
      { name: 'company + first word of name', fields: ['company', 'dealname'], key: joinKey(part(c.company!), firstWord), sortKey: sort, broad: true },
    ];
  },
};
