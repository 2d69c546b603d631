import { jaccardComparison, fuzzyBands, stringComparison, timeComparison, tokenComparison } from '../compare/comparisons';
import { toEpochMs } from '../normalize/date';
import { normalizeEmail } from '../normalize/email';
import { foldText } from '../normalize/text';
import { derivedPart, joinKey, part } from '../block/keys';
import { Dictionary, internedNormalizer, PrepareContext, textAt, uniqueColumn } from '../text-column';
import type { Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, firstOf, hasValues } from './prepare-helpers';

/** Words too common in support text to say anything about two tickets. */
const STOP_WORDS = new Set(['the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'on', 'for', 'is', 'it', 'i', 'my', 'we', 'our', 'you', 'your', 'this', 'that', 'with', 'be', 'are', 'was', 'have', 'has', 'not', 'can', 'please', 'hi', 'hello', 'thanks', 'thank', 'at', 'as', 'from', 'me', 'do', 'does']);
/** Distinct words worth comparing, sorted, at most `limit` of them. */
function words(text: string, limit: number): string {
  return [...new Set(foldText(text).split(' ').filter((w) => w.length > 1 && !STOP_WORDS.has(w)).slice(0, limit))].sort().join(' ');
}

/** Longest ticket text compared, in words: enough to tell two tickets apart. */
const MAX_CONTENT_WORDS = 200;

/**
 * Tickets: subject, content similarity, requester and creation time. The requester is the
 * email of the associated contact, which the mirror stores as `requester_email`.
 */
export const ticketsModel: ObjectModel = {
  objectType: 'tickets',
  reads: propertiesRead('tickets', ['subject', 'content', 'requester_email', 'hs_requester_email', 'email', 'hs_ticket_category', 'createdate', 'hs_createdate']),

  prepare(records, _settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'tickets');
    const n = base.size;
    const { d, subject } = context.keep('tickets', () => {
      const d = { subject: new Dictionary(), requester: new Dictionary(), category: new Dictionary(), createdDay: new Dictionary() };
      return { d, subject: internedNormalizer(d.subject, (raw) => words(raw, 50)) };
    });
    // Ticket texts are nearly all distinct: no dictionary.
    const content = uniqueColumn(n);
    const c = { subject: d.subject.column(n), content, requester: d.requester.column(n), category: d.category.column(n), createdDay: d.createdDay.column(n) };
    const created = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      c.subject.codes[i] = subject(firstOf(p, ['subject']));
      content.set(i, words(firstOf(p, ['content']), MAX_CONTENT_WORDS));
      c.requester.codes[i] = d.requester.code(normalizeEmail(firstOf(p, ['requester_email', 'hs_requester_email', 'email']))?.address ?? '');
      c.category.codes[i] = d.category.code(foldText(p.hs_ticket_category));
      const time = toEpochMs(p.createdate ?? records[i]!.properties?.hs_createdate);
      if (!Number.isNaN(time)) {
        created[i] = time;
        c.createdDay.codes[i] = d.createdDay.code(new Date(time).toISOString().slice(0, 10));
      }
    }
    return { objectType: 'tickets', ...base, columns: c, numbers: { created } };
  },

  comparisons(data, settings) {
    const c = data.columns;
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
    const c = data.columns;
    const sort = (i: number) => `${textAt(c.createdDay!, i)} ${textAt(c.subject!, i)}`;
    const contentStart = derivedPart(c.content!, (content) => (content.split(' ').length >= 4 ? content.split(' ').slice(0, 4).join(' ') : ''));
    return [
      { name: 'subject', fields: ['subject'], key: joinKey(part(c.subject!)), sortKey: sort },
      { name: 'requester + day', fields: ['requester', 'createdate'], key: joinKey(part(c.requester!), part(c.createdDay!)), sortKey: sort },
      { name: 'requester', fields: ['requester'], key: joinKey(part(c.requester!)), sortKey: sort, broad: true },
      { name: 'content start', fields: ['content'], key: joinKey(contentStart), sortKey: sort, broad: true },
    ];
  },
};
