import { jaccardComparison, fuzzyBands, stringComparison, timeComparison, tokenComparison } from '../compare/comparisons';
import { toEpochMs } from '../normalize/date';
import { normalizeEmail } from '../normalize/email';
import { foldText } from '../normalize/text';
import type { Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, column, firstOf, hasValues, joinKey, memoize } from './prepare-helpers';

/** Words too common in support text to say anything about two tickets. */
const STOP_WORDS = new Set(['the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'on', 'for', 'is', 'it', 'i', 'my', 'we', 'our', 'you', 'your', 'this', 'that', 'with', 'be', 'are', 'was', 'have', 'has', 'not', 'can', 'please', 'hi', 'hello', 'thanks', 'thank', 'at', 'as', 'from', 'me', 'do', 'does']);
/** Longest ticket text compared, in words: enough to tell two tickets apart. */
const MAX_CONTENT_WORDS = 200;

/**
 * Tickets: subject, content similarity, requester and creation time. The requester is the
 * email of the associated contact, which the mirror stores as `requester_email`.
 */
export const ticketsModel: ObjectModel = {
  objectType: 'tickets',
  reads: propertiesRead('tickets', ['subject', 'content', 'requester_email', 'hs_requester_email', 'email', 'hs_ticket_category', 'createdate', 'hs_createdate']),

  prepare(records) {
    const base = baseColumns(records, 'tickets');
    const n = base.size;
    const c = { subject: column(n), content: column(n), requester: column(n), category: column(n), createdDay: column(n) };
    const created = new Float64Array(n).fill(Number.NaN);
    const words = (text: string, limit: number) => [...new Set(foldText(text).split(' ').filter((w) => w.length > 1 && !STOP_WORDS.has(w)).slice(0, limit))].sort().join(' ');
    const subject = memoize((raw) => words(raw, 50));
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      c.subject[i] = subject(firstOf(p, ['subject']));
      c.content[i] = words(firstOf(p, ['content']), MAX_CONTENT_WORDS);
      c.requester[i] = normalizeEmail(firstOf(p, ['requester_email', 'hs_requester_email', 'email']))?.address ?? '';
      c.category[i] = foldText(p.hs_ticket_category);
      const time = toEpochMs(p.createdate ?? records[i]!.properties?.hs_createdate);
      if (!Number.isNaN(time)) {
        created[i] = time;
        c.createdDay[i] = new Date(time).toISOString().slice(0, 10);
      }
    }
    return { objectType: 'tickets', ...base, columns: c, numbers: { created } };
  },

  comparisons(data, settings) {
    const c = data.columns as Record<string, string[]>;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'subject', label: 'Subject', properties: ['subject'], values: c.subject!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      jaccardComparison({ name: 'content', label: 'Content', properties: ['content'], values: c.content! }),
      stringComparison({ name: 'requester', label: 'Requester', properties: ['requester_email', 'hs_requester_email', 'email'], values: c.requester! }),
      timeComparison({ name: 'createdate', label: 'Created', properties: ['createdate'], values: data.numbers!.created! }),
      stringComparison({ name: 'category', label: 'Category', properties: ['hs_ticket_category'], values: c.category! }),
    ];
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
  },

  blockingRules(data) {
    const c = data.columns as Record<string, string[]>;
    const sort = (i: number) => `${c.createdDay![i]} ${c.subject![i]}`;
    return [
      { name: 'subject', fields: ['subject'], key: (i) => c.subject![i] || null, sortKey: sort },
      { name: 'requester + day', fields: ['requester', 'createdate'], key: (i) => joinKey(c.requester![i]!, c.createdDay![i]!), sortKey: sort },
      { name: 'requester', fields: ['requester'], key: (i) => c.requester![i] || null, sortKey: sort, broad: true },
      { name: 'content start', fields: ['content'], key: (i) => (c.content![i]!.split(' ').length >= 4 ? c.content![i]!.split(' ').slice(0, 4).join(' ') : null), sortKey: sort, broad: true },
    ];
  },
};
