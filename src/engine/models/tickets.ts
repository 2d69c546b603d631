import { fuzzyBands, jaccardComparison, stringComparison, tokenComparison } from '../compare/comparisons';
import { normalizeBusinessName } from '../normalize/business-name';
import { toEpochMs } from '../normalize/date';
import { normalizeEmail } from '../normalize/email';
import { asText, foldText } from '../normalize/text';
import { derivedPart, joinKey, part } from '../block/keys';
import { codeCounts, Dictionary, internedNormalizer, PrepareContext, uniqueColumn, type TextColumn } from '../text-column';
import { NULL_LEVEL, type Comparison, type ObjectModel, type PreparedDataset } from '../types';
import { baseColumns, propertiesRead, firstOf, hasValues, memoize } from './prepare-helpers';
import { closeInTimeComparison, itemSet, requirementLevel, setsMeet } from './requirements';

/** Words too common in support text to say anything about two tickets. */
const STOP_WORDS = new Set(['the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'on', 'for', 'is', 'it', 'i', 'my', 'we', 'our', 'you', 'your', 'this', 'that', 'with', 'be', 'are', 'was', 'have', 'has', 'not', 'can', 'please', 'hi', 'hello', 'thanks', 'thank', 'at', 'as', 'from', 'me', 'do', 'does', 'regards', 'best', 'dear', 'team', 'support']);
/** What people add to a subject when they write again: it says nothing about the problem. */
const RESEND_WORDS = new Set(['re', 'fw', 'fwd', 'aw', 'wg', 'sv', 'tr', 'again', 'urgent', 'asap', 'still', 'reminder', 'follow', 'following', 'up', 'second', 'request']);

/** What people write around a repeated request ("Following up:", "Any news?"): nothing about the problem. */
const FOLLOW_UP_WORDS = new Set([...RESEND_WORDS, 'any', 'news', 'sending', 'waiting', 'reply', 'yet', 'ticket', 'update', 'still']);

/** Distinct words worth comparing, at most `limit` of them: sorted, or in the order written. */
function words(text: string, limit: number, skip?: ReadonlySet<string>, sorted = true): string {
  const kept = [
    ...new Set(
      foldText(text)
        .split(' ')
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !skip?.has(w)),
    ),
  ].slice(0, limit);
  return (sorted ? kept.sort() : kept).join(' ');
}

/** A subject as compared: its words, without "Re:", "Fwd:", "(again)", "urgent" and the like. */
export function subjectWords(subject: string): string {
  return words(subject, 50, RESEND_WORDS);
}

/** Longest ticket text compared, in words: enough to tell two tickets apart. */
const MAX_CONTENT_WORDS = 200;
/**
 * Texts that share this much of their wording beyond the subject (Jaccard of their word
 * sets) are one text written again: enough to call two tickets one when neither says who
 * sent it. Two customers describing one common problem share far less.
 */
const SAME_TEXT_JACCARD = 0.7;
/** ...and that wording must be more than a phrase. */
const SAME_TEXT_MIN_WORDS = 4;
/** Fewer words than this beyond the subject ("No reply yet, please help. Betty") say nothing either way. */
const COMPARABLE_TEXT_WORDS = 6;
/**
 * A subject this few tickets share ("Invoice 33151 is incorrect") is no common problem:
 * on its own it stands in for the customer, like a text written again.
 */
const RARE_SUBJECT_COUNT = 3;
/** A re-filed ticket comes within days; the same problem a month later is a new ticket. */
const REFILE_WINDOW_DAYS = 30;

/** The properties that say who asked: HubSpot's contact and company ones, then a sender address. */
const CONTACT_EMAIL_PROPERTIES = ['hs_all_associated_contact_emails', 'hs_requester_email', 'requester_email', 'email'];
const COMPANY_PROPERTIES = ['hs_primary_company_id', 'hs_primary_company_name', 'hs_primary_company'];

/**
 * Tickets. A duplicate ticket is one customer asking again about one problem: the same
 * requester (an associated contact, or the company; HubSpot's `hs_all_associated_contact_emails`
 * and `hs_primary_company_id`), or, when either ticket does not say who sent it, a text that
 * is the same far beyond a shared subject (or a subject hardly any other ticket has); and
 * closeness in time (within 30 days). A common subject ("Email
 * notifications not working") is shared by every customer who has that problem, so it
 * counts for little (term frequency), and two different customers are never one ticket
 * (see requirements.ts).
 */
export const ticketsModel: ObjectModel = {
  objectType: 'tickets',
  reads: propertiesRead('tickets', ['subject', 'content', ...CONTACT_EMAIL_PROPERTIES, ...COMPANY_PROPERTIES, 'hs_ticket_category', 'createdate', 'hs_createdate']),

  prepare(records, settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'tickets');
    const n = base.size;
    const { d, subject, contacts, domains, companyName } = context.keep('tickets', () => {
      const d = {
        subject: new Dictionary(),
        contacts: new Dictionary(),
        domains: new Dictionary(),
        companyId: new Dictionary(),
        companyName: new Dictionary(),
        category: new Dictionary(),
        createdDay: new Dictionary(),
      };
      const addresses = memoize((raw: string) =>
        raw
          .split(/[;,\s]+/)
          .map((item) => normalizeEmail(item, settings.normalizeEmails))
          .filter((email) => email !== null),
      );
      return {
        d,
        subject: internedNormalizer(d.subject, subjectWords),
        contacts: (raw: string) => d.contacts.code(itemSet(addresses(raw).map((email) => email.address))),
        // Company mail domains: two colleagues writing from one company, when the ticket names no company.
        domains: (raw: string) => d.domains.code(itemSet(addresses(raw).map((email) => (email.freeMail ? '' : email.domain)))),
        companyName: internedNormalizer(d.companyName, (raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name),
      };
    });
    // Ticket texts are nearly all distinct: no dictionary.
    const content = uniqueColumn(n);
    const c = {
      subject: d.subject.column(n),
      content,
      contacts: d.contacts.column(n),
      domains: d.domains.column(n),
      companyId: d.companyId.column(n),
      companyName: d.companyName.column(n),
      category: d.category.column(n),
      createdDay: d.createdDay.column(n),
    };
    const created = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const subjectCode = subject(firstOf(p, ['subject']));
      c.subject.codes[i] = subjectCode;
      // Its words in the order written (the first few are a blocking key), follow-up phrases left out.
      content.set(i, words(firstOf(p, ['content']), MAX_CONTENT_WORDS, FOLLOW_UP_WORDS, false));
      const emails = CONTACT_EMAIL_PROPERTIES.map((name) => asText(p[name])).filter(Boolean).join(';');
      c.contacts.codes[i] = contacts(emails);
      c.domains.codes[i] = domains(emails);
      c.companyId.codes[i] = d.companyId.code(asText(p.hs_primary_company_id).replace(/\.0+$/, ''));
      c.companyName.codes[i] = companyName(firstOf(p, ['hs_primary_company_name', 'hs_primary_company']));
      c.category.codes[i] = d.category.code(foldText(p.hs_ticket_category));
      const time = toEpochMs(p.createdate ?? p.hs_createdate);
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
    const requester = requesterComparison(data);
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'subject', label: 'Subject', properties: ['subject'], values: c.subject!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      contentComparison(data),
      closeInTimeComparison({ name: 'createdate', label: 'Created', properties: ['createdate'], values: data.numbers!.created!, windowDays: REFILE_WINDOW_DAYS }),
      stringComparison({ name: 'category', label: 'Category', properties: ['hs_ticket_category'], values: c.category! }),
    ];
    // The requester decides alone when a pair is possible at all: kept even where no ticket names one.
    return [requester, ...comparisons.filter((comparison) => hasValues(comparison, data.size))];
  },

  blockingRules(data) {
    const c = data.columns;
    const created = data.numbers!.created!;
    // Oversized blocks are windows over this order: tickets close in time stay together.
    const sort = (i: number) => (Number.isNaN(created[i]!) ? '' : new Date(created[i]!).toISOString());
    const firstItem = (value: string) => value.split(' ')[0]!;
    const contentStart = derivedPart(c.content!, (content) => (content.split(' ').length >= 4 ? content.split(' ').slice(0, 4).join(' ') : ''));
    return [
      { name: 'contact', fields: ['requester'], key: joinKey(derivedPart(c.contacts!, firstItem)), sortKey: sort },
      { name: 'company', fields: ['requester'], key: joinKey(part(c.companyId!)), sortKey: sort },
      { name: 'company mail domain', fields: ['requester'], key: joinKey(derivedPart(c.domains!, firstItem)), sortKey: sort, broad: true },
      { name: 'subject', fields: ['subject'], key: joinKey(part(c.subject!)), sortKey: sort },
      { name: 'content start', fields: ['content'], key: joinKey(contentStart), sortKey: sort },
    ];
  },
};

/**
 * Who asked: the same contact, the same company (by HubSpot id, name, or a company mail
 * domain), or two different customers, which no duplicate is. When either ticket names no
 * customer, only a text the same far beyond the subject stands in for one: without it
 * the pair is not a duplicate either. Otherwise (customer unknown, same text) this field
 * has no say and the others decide.
 */
function requesterComparison(data: PreparedDataset): Comparison {
  const c = data.columns;
  const contacts = c.contacts!;
  const domains = c.domains!;
  const companyId = c.companyId!.codes;
  const companyName = c.companyName!.codes;
  const meet = (column: TextColumn, i: number, j: number) => {
    const a = column.codes[i]!;
    const b = column.codes[j]!;
    return a !== 0 && b !== 0 && (a === b || setsMeet(column.values[a]!, column.values[b]!));
  };
  const known = (column: Int32Array, i: number, j: number) => column[i] !== 0 && column[j] !== 0;
  const beyondSubject = textBeyondSubject(data);
  const subjects = c.subject!.codes;
  const subjectCounts = codeCounts(c.subject!, data.size);
  const rareSubject = (i: number, j: number) => subjects[i] !== 0 && subjects[i] === subjects[j] && subjectCounts[subjects[i]!]! <= RARE_SUBJECT_COUNT;
  const sameText = (i: number, j: number) => {
    const text = beyondSubject(i, j);
    return text !== null && text.words >= SAME_TEXT_MIN_WORDS && text.jaccard >= SAME_TEXT_JACCARD;
  };
  return {
    name: 'requester',
    label: 'Requester',
    properties: [...CONTACT_EMAIL_PROPERTIES, ...COMPANY_PROPERTIES],
    levels: [
      { label: 'same contact', m: 0.8, u: 0.002 },
      { label: 'same company, another contact', m: 0.15, u: 0.005 },
      requirementLevel('different customers', 0.9),
      requirementLevel('customer not shown, and only a common subject shared', 0.09),
    ],
    compare(i, j) {
      if (meet(contacts, i, j)) return 0;
      const idsKnown = known(companyId, i, j);
      const namesKnown = known(companyName, i, j);
      if ((idsKnown && companyId[i] === companyId[j]) || (!idsKnown && namesKnown && companyName[i] === companyName[j]) || meet(domains, i, j)) return 1;
      // Two known contacts that differ, or two companies that differ: two customers.
      if (known(contacts.codes, i, j) || idsKnown || namesKnown) return 2;
      return sameText(i, j) || rareSubject(i, j) ? NULL_LEVEL : 3;
    },
  };
}

/**
 * The two descriptions' wording beyond what either subject says: the share of their words
 * they have in common (Jaccard) and the fewer of their word counts; null when either has none.
 * Two customers with one problem repeat its subject's words, not the rest.
 */
function textBeyondSubject(data: PreparedDataset): (i: number, j: number) => { jaccard: number; words: number } | null {
  const content = data.columns.content!;
  const subject = data.columns.subject!;
  return (i, j) => {
    const a = content.codes[i]!;
    const b = content.codes[j]!;
    if (a === 0 || b === 0) return null;
    const skip = new Set(`${subject.values[subject.codes[i]!]!} ${subject.values[subject.codes[j]!]!}`.split(' '));
    const x = new Set(content.values[a]!.split(' ').filter((w) => !skip.has(w)));
    const y = content.values[b]!.split(' ').filter((w) => !skip.has(w));
    if (x.size === 0 || y.length === 0) return null;
    let shared = 0;
    for (const w of y) if (x.has(w)) shared++;
    return { jaccard: shared / (x.size + y.length - shared), words: Math.min(x.size, y.length) };
  };
}

/** The descriptions beyond the subjects: the same text, mostly the same words, many, or different. */
function contentComparison(data: PreparedDataset): Comparison {
  const beyondSubject = textBeyondSubject(data);
  return jaccardComparison({
    name: 'content',
    label: 'Description beyond the subject',
    properties: ['content'],
    similarity(i, j) {
      const text = beyondSubject(i, j);
      // "This is still happening. Regards, Carlo": too short to say anything either way.
      return text === null || text.words < COMPARABLE_TEXT_WORDS ? null : text.jaccard;
    },
    // Nearly the same words is one text written again, the rest rephrased.
    same: 0.9,
    // Two customers describing one problem share less than this beyond its subject.
    many: 0.3,
  });
}
