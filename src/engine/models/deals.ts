import { fuzzyBands, numberComparison, stringComparison, timeComparison, tokenComparison } from '../compare/comparisons';
import { normalizeBusinessName } from '../normalize/business-name';
import { toEpochMs } from '../normalize/date';
import { asText, foldText } from '../normalize/text';
import type { Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, column, firstOf, hasValues, joinKey, memoize } from './prepare-helpers';

/**
 * Deals: name, company, amount and close date. The company is the associated company id
 * when the mirror has it (`associatedcompanyid`), or a company name (`company`).
 */
export const dealsModel: ObjectModel = {
  objectType: 'deals',
  reads: propertiesRead('deals', ['dealname', 'associatedcompanyid', 'company', 'pipeline', 'amount', 'closedate']),

  prepare(records, settings) {
    const base = baseColumns(records, 'deals');
    const n = base.size;
    const c = { name: column(n), company: column(n), pipeline: column(n), closeMonth: column(n) };
    const amount = new Float64Array(n).fill(Number.NaN);
    const closeDate = new Float64Array(n).fill(Number.NaN);
    const dealName = memoize((raw) => foldText(raw).split(' ').filter(Boolean).sort().join(' '));
    const company = memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      c.name[i] = dealName(firstOf(p, ['dealname']));
      const companyId = asText(p.associatedcompanyid);
      c.company[i] = companyId !== '' ? `id:${companyId}` : company(firstOf(p, ['company']));
      c.pipeline[i] = foldText(p.pipeline);
      const value = Number.parseFloat(asText(p.amount).replace(/[^0-9.-]/g, ''));
      if (Number.isFinite(value)) amount[i] = value;
      const time = toEpochMs(p.closedate);
      if (!Number.isNaN(time)) {
        closeDate[i] = time;
        c.closeMonth[i] = new Date(time).toISOString().slice(0, 7);
      }
    }
    return { objectType: 'deals', ...base, columns: c, numbers: { amount, closeDate } };
  },

  comparisons(data, settings) {
    const c = data.columns as Record<string, string[]>;
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
    const c = data.columns as Record<string, string[]>;
    const amount = data.numbers!.amount!;
    const sort = (i: number) => c.name![i]!;
    const amountKey = (i: number) => (Number.isNaN(amount[i]!) ? '' : String(Math.round(amount[i]!)));
    return [
      { name: 'deal name', fields: ['dealname'], key: (i) => c.name![i] || null, sortKey: sort },
      { name: 'company + amount', fields: ['company', 'amount'], key: (i) => joinKey(c.company![i]!, amountKey(i)), sortKey: sort },
      { name: 'company + close month', fields: ['company', 'closedate'], key: (i) => joinKey(c.company![i]!, c.closeMonth![i]!), sortKey: sort },
      { name: 'company + first word of name', fields: ['company', 'dealname'], key: (i) => joinKey(c.company![i]!, c.name![i]!.split(' ')[0]!), sortKey: sort, broad: true },
    ];
  },
};
