/**
 * Seeded support tickets as a help desk collects them: many customers reporting the same
 * few common problems (an outage brings dozens of "Email notifications not working" in a
 * week), each in their own words, and a known set of true duplicates, the same customer
 * asking again within days: a "Re:" or retyped subject, the text pasted again or written
 * anew, sometimes from a colleague or from a channel that names no contact. The same
 * customer with the same problem months later is a new ticket, not a duplicate.
 *
 * Who asked is where HubSpot keeps it on a ticket: `hs_all_associated_contact_emails`
 * (the associated contacts' addresses) and `hs_primary_company_id` / `hs_primary_company_name`.
 */
import { assembleTimedRows, copyChance, extraCopies, type TimedRow } from './assemble-rows';
import { OWNERS, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_SOURCES } from './property-catalog';
import type { RecordInput } from './columns';
import { SeededRandom, streamSeed } from './seeded-random';
import { formatVariant, typo } from './text-variants';

/** Someone who files tickets: a contact of the portal, with their company where it is known. */
export interface TicketCustomer {
  name: string;
  email?: string;
  companyId?: string;
  companyName?: string;
}

export interface TicketOptions {
  seed: number;
  /** Share of tickets that are extra copies of another, 0 to 0.5. */
  duplicateRate: number;
  /** Who reports problems; made up when empty. */
  customers?: readonly TicketCustomer[];
}

const FIRST_NAMES = ['Ann', 'Marco', 'Julia', 'Sam', 'Nina', 'Tom', 'Priya', 'Lars', 'Chen', 'Fatima', 'Diego', 'Olga', 'Kwame', 'Yuki', 'Emma', 'Liam', 'Noah', 'Mia', 'Omar', 'Sara'];
const LAST_NAMES = ['Lee', 'Rossi', 'Becker', 'Patel', 'Dubois', 'Walsh', 'Nguyen', 'Berg', 'Wang', 'Haddad', 'Garcia', 'Ivanova', 'Mensah', 'Sato', 'Brown', 'Murphy', 'Klein', 'Silva', 'Novak', 'Kaya'];
const COMPANY_WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella', 'Vandelay', 'Hooli', 'Acme', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne', 'Soylent', 'Wonka', 'Gringotts'];

/** A made-up customer base when the portal gives none: people at companies, some on webmail. */
function madeUpCustomers(random: SeededRandom, count: number): TicketCustomer[] {
  const customers: TicketCustomer[] = [];
  for (let k = 0; k < count; k++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const company = k % 5 === 4 ? null : `${random.pick(COMPANY_WORDS)} ${1 + random.int(Math.max(1, count / 8))}`;
    const domain = company ? `${company.toLowerCase().replace(/\s+/g, '')}.com` : random.pick(['gmail.com', 'outlook.com', 'yahoo.com']);
    customers.push({
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${k}@${domain}`,
      ...(company ? { companyId: String(5_000_000 + (company.length * 7919 + k) % 99_991), companyName: company } : {}),
    });
  }
  return customers;
}

const FEATURES = ['CSV export', 'invoice download', 'calendar sync', 'single sign-on', 'mobile app', 'Salesforce sync', 'reporting dashboard', 'email notifications'];
const DEVICES = ['an iPhone 14', 'a Pixel 7', 'Chrome on Windows', 'Safari on a Mac', 'Firefox', 'Edge on our office PCs', 'the iPad app', 'a Samsung tablet'];
const SINCE = ['since this morning', 'since yesterday', 'since Monday', 'since the last update', 'for two days now', 'since we changed our plan', 'after the weekend'];
const ERRORS = ['error 500', 'a blank page', 'a spinning wheel', '"something went wrong"', 'error code 4012', 'a timeout', 'an "access denied" message'];
/** What else customers say: each picks none, one or two, so two customers rarely write the same text. */
const CONTEXT: readonly ((d: Detail, random: SeededRandom) => string)[] = [
  (d) => `We noticed it ${d.since}.`,
  (d) => `It happens on ${d.device}.`,
  () => 'We tried logging out and in again, no luck.',
  (_d, random) => `${2 + random.int(40)} people on our team are affected.`,
  () => 'Clearing the cache did not change anything.',
  (d) => `Our admin saw ${d.error} as well.`,
  () => 'This is the first time we have had this problem.',
  (_d, random) => `Our account number is ${100_000 + random.int(900_000)}.`,
  () => 'A screenshot is attached.',
  () => 'We are on the Professional plan.',
  (d) => `Colleagues using ${d.device} have the same issue.`,
  () => 'It is quite urgent for us as we have a deadline this week.',
];
const ASKS = ['Can you look into it?', 'Please help, this blocks our team.', 'Is there a known issue?', 'What should we do?', 'Could you check our account?', 'We need this fixed soon.'];

interface Detail {
  feature: string;
  device: string;
  since: string;
  error: string;
  number: string;
}

type Problem = {
  category: string;
  /** How often customers have it, relative to the others. */
  weight: number;
  /** Ways to name it in a subject; the first is by far the most common. */
  subjects: readonly ((d: Detail) => string)[];
  /** Ways to describe it; a customer picks one and adds their own details. */
  bodies: readonly ((d: Detail) => string)[];
};

const PROBLEMS: readonly Problem[] = [
  {
    category: 'PRODUCT_ISSUE',
    weight: 10,
    subjects: [() => 'Cannot log in', () => 'Login not working', () => 'Unable to sign in'],
    bodies: [
      (d) => `I get ${d.error} every time I try to sign in ${d.since}.`,
      (d) => `Logging in fails on ${d.device} with ${d.error}.`,
      (d) => `None of our users can get past the login page ${d.since}; it shows ${d.error}.`,
    ],
  },
  {
    category: 'PRODUCT_ISSUE',
    weight: 8,
    subjects: [() => 'Password reset email not arriving', () => 'No password reset email', () => 'Reset password link never comes'],
    bodies: [
      (d) => `I requested a password reset several times ${d.since} but no email came, not even in spam.`,
      (d) => `The reset link is not reaching my inbox. Tried on ${d.device} too.`,
      (d) => `Forgot my password and the reset message never arrives ${d.since}. Our mail server accepts everything else.`,
    ],
  },
  {
    category: 'PRODUCT_ISSUE',
    weight: 14,
    subjects: [(d) => `${capitalize(d.feature)} not working`, (d) => `Problem with ${d.feature}`, (d) => `${capitalize(d.feature)} broken`],
    bodies: [
      (d) => `The ${d.feature} stopped working ${d.since}. We see ${d.error}.`,
      (d) => `Our ${d.feature} does nothing anymore on ${d.device}.`,
      (d) => `${capitalize(d.feature)} fails with ${d.error} ${d.since}. It worked fine before.`,
    ],
  },
  {
    category: 'PRODUCT_ISSUE',
    weight: 5,
    subjects: [() => 'App crashes on startup', () => 'App keeps crashing', () => 'Mobile app closes immediately'],
    bodies: [(d) => `The app closes right after opening on ${d.device}, ${d.since}.`, (d) => `Crash on launch ${d.since}. Reinstalling did not help on ${d.device}.`],
  },
  {
    category: 'BILLING_ISSUE',
    weight: 4,
    subjects: [(d) => `Invoice ${d.number} is incorrect`, (d) => `Wrong amount on invoice ${d.number}`],
    bodies: [(d) => `Invoice ${d.number} charges us for more seats than we have.`, (d) => `We were billed twice on invoice ${d.number}; please correct it.`],
  },
  {
    category: 'BILLING_ISSUE',
    weight: 3,
    subjects: [(d) => `Refund request for order #${d.number}`, (d) => `Refund order ${d.number}`],
    bodies: [(d) => `Please refund order #${d.number}; it was placed twice by mistake.`, (d) => `Order ${d.number} was charged but we cancelled it the same day.`],
  },
  {
    category: 'BILLING_ISSUE',
    weight: 3,
    subjects: [() => 'Update billing address', () => 'Change of billing address'],
    bodies: [(d) => `Our company moved; please update the billing address on file, starting with invoice ${d.number}.`, (d) => `The address on invoice ${d.number} is old, can you change it to our new office?`],
  },
  {
    category: 'FEATURE_REQUEST',
    weight: 5,
    subjects: [(d) => `Feature request: ${d.feature}`, (d) => `Suggestion for ${d.feature}`],
    bodies: [(d) => `It would help us a lot to have more options in ${d.feature} for our team.`, (d) => `Any plans to improve ${d.feature}? We use it daily on ${d.device}.`],
  },
  {
    category: 'GENERAL_INQUIRY',
    weight: 3,
    subjects: [() => 'Question about data retention', () => 'How long is data kept?'],
    bodies: [(d) => `How long do you keep our data after we cancel? We use the ${d.feature} a lot.`, (d) => `Our auditors ask about your data retention policy for the ${d.feature}. Where can we find it?`],
  },
  {
    category: 'GENERAL_INQUIRY',
    weight: 3,
    subjects: [() => 'Cancel subscription', () => 'Cancellation request'],
    bodies: [(d) => `We would like to cancel our subscription (account ${d.number}) at the end of the term.`, (d) => `Please stop plan ${d.number} from renewing next month.`],
  },
  {
    category: 'GENERAL_INQUIRY',
    weight: 3,
    subjects: [(d) => `Shipping delayed for order ${d.number}`, (d) => `Where is order ${d.number}?`],
    bodies: [(d) => `Order ${d.number} was due last week and has not arrived.`, (d) => `Tracking for order ${d.number} has not moved ${d.since}.`],
  },
];

const PROBLEM_WEIGHTS = PROBLEMS.map((problem, k): [number, number] => [k, problem.weight]);
const STAGE_WEIGHTS: readonly [string, number][] = [['1', 15], ['2', 10], ['3', 10], ['4', 65]];
const FIRST_TICKET_ID = 1_500_000_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The help desk's last day; tickets arrive at about this many a day before it, over one to nine years. */
const LAST_TICKET = Date.UTC(2025, 4, 1);
const TICKETS_PER_DAY = 0.5;
const LONGEST_SPAN = LAST_TICKET - Date.UTC(2016, 0, 1);
/** An outage: for a week, this share of new tickets are about one problem. */
const INCIDENT_SHARE = 0.3;
/** Two reports of one problem by one customer this close are one ticket asked twice. */
const DISTINCT_REPORTS_DAYS = 60;
/** Share of customers who write to the same problem again months later: a new ticket. */
const RECURRENCE = 0.06;

/** A customer as the engine could tell them apart: by address, else company, else name. */
function customerKey(customer: TicketCustomer): string {
  return customer.email ?? customer.companyId ?? customer.name;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface Ticket {
  customer: TicketCustomer;
  problem: Problem;
  detail: Detail;
  /** Which of the problem's subjects and bodies the customer used. */
  subject: number;
  body: number;
  at: number;
}

export function generateTickets(count: number, options: TicketOptions): RecordInput[] {
  const random = new SeededRandom(streamSeed(options.seed, 'tickets'));
  const customers = options.customers && options.customers.length > 0 ? options.customers : madeUpCustomers(random, Math.max(20, Math.round(count / 3)));
  const colleagues = new Map<string, TicketCustomer[]>();
  for (const customer of customers) if (customer.companyId) colleagues.set(customer.companyId, [...(colleagues.get(customer.companyId) ?? []), customer]);
  const copies = copyChance(options.duplicateRate);
  const span = Math.min(LONGEST_SPAN, Math.max(365, count / TICKETS_PER_DAY) * DAY);
  const start = LAST_TICKET - span;
  // A few customers write often; most write once or twice.
  const someCustomer = () => customers[Math.floor(customers.length * random.next() ** 2)]!;
  const rows: TimedRow[] = [];
  // When each customer reported each problem: asking about it again within weeks is a duplicate, made only as a copy.
  const reports = new Map<string, number[]>();
  const reportKey = (customer: TicketCustomer, problem: Problem) => `${customerKey(customer)} ${PROBLEMS.indexOf(problem)}`;
  const reportedNear = (customer: TicketCustomer, problem: Problem, at: number) =>
    (reports.get(reportKey(customer, problem)) ?? []).some((time) => Math.abs(at - time) < DISTINCT_REPORTS_DAYS * DAY);
  const report = (customer: TicketCustomer, problem: Problem, at: number) => reports.set(reportKey(customer, problem), [...(reports.get(reportKey(customer, problem)) ?? []), at]);
  for (let entity = 0; rows.length < count; entity++) {
    const at = start + Math.floor(random.next() * span);
    const week = Math.floor((at - start) / (7 * DAY));
    const problem = random.chance(INCIDENT_SHARE) ? PROBLEMS[incidentProblem(options.seed, week)]! : PROBLEMS[random.weighted(PROBLEM_WEIGHTS)]!;
    let customer = someCustomer();
    for (let tries = 0; tries < 50 && reportedNear(customer, problem, at); tries++) customer = customers[random.int(customers.length)]!;
    if (reportedNear(customer, problem, at)) continue;
    report(customer, problem, at);
    const ticket: Ticket = {
      customer,
      problem,
      detail: newDetail(random),
      // Most customers name a problem the same way.
      subject: random.chance(0.7) ? 0 : random.int(problem.subjects.length),
      body: random.int(problem.bodies.length),
      at,
    };
    if (random.chance(INCIDENT_SHARE)) ticket.detail.feature = FEATURES[incidentProblem(options.seed + 1, week) % FEATURES.length]!;
    const original = ticketProperties(ticket, random);
    rows.push({ properties: original, entity, createdAt: at });
    if (random.chance(copies)) {
      for (let k = extraCopies(random); k > 0 && rows.length < count; k--) {
        // Asked again within days: mostly the next day or two.
        const later = at + Math.floor((random.chance(0.7) ? random.next() * 2 * DAY : 2 * DAY + random.next() * 8 * DAY) + HOUR);
        rows.push({ properties: ticketCopy(ticket, original, colleagues, random), entity, createdAt: later });
      }
    } else if (random.chance(RECURRENCE) && rows.length < count) {
      // The same customer, the same problem, a season later: another ticket (another entity).
      const again: Ticket = { ...ticket, detail: { ...newDetail(random), feature: ticket.detail.feature }, body: random.int(problem.bodies.length), at: at + (DISTINCT_REPORTS_DAYS + random.int(150)) * DAY };
      if (!reportedNear(ticket.customer, problem, again.at)) {
        rows.push({ properties: ticketProperties(again, random), entity: ++entity, createdAt: again.at });
        report(ticket.customer, problem, again.at);
      }
    }
  }
  return assembleTimedRows(rows, FIRST_TICKET_ID + random.int(1_000_000), random);
}

/** The problem of an outage in a given week: the same for every ticket of that week. */
function incidentProblem(seed: number, week: number): number {
  const random = new SeededRandom(streamSeed(seed, `incident ${week}`));
  return random.weighted(PROBLEM_WEIGHTS);
}

function newDetail(random: SeededRandom): Detail {
  return { feature: random.pick(FEATURES), device: random.pick(DEVICES), since: random.pick(SINCE), error: random.pick(ERRORS), number: String(10_000 + random.int(90_000)) };
}

function signature(customer: TicketCustomer, random: SeededRandom): string {
  const first = customer.name.split(' ')[0] ?? customer.name;
  return random.chance(0.5) ? `Thanks, ${customer.name}` : random.chance(0.5) ? `Regards, ${first}` : first;
}

function description(ticket: Ticket, random: SeededRandom): string {
  const body = ticket.problem.bodies[ticket.body]!(ticket.detail);
  const context = [0, 1].filter(() => random.chance(0.55)).map(() => ` ${random.pick(CONTEXT)(ticket.detail, random)}`).join('');
  const extra = `${context}${random.chance(0.5) ? ` ${random.pick(ASKS)}` : ''}`;
  const company = ticket.customer.companyName && random.chance(0.3) ? ` We are at ${ticket.customer.companyName}.` : '';
  return `${random.pick(['Hi,', 'Hello,', 'Hi team,', ''])} ${body}${company}${extra} ${signature(ticket.customer, random)}`.trim();
}

function requester(properties: Record<string, string>, customer: TicketCustomer, random: SeededRandom, linked = 0.92): void {
  if (customer.email && random.chance(linked)) properties.hs_all_associated_contact_emails = customer.email;
  if (customer.companyId && random.chance(0.85)) {
    properties.hs_primary_company_id = customer.companyId;
    if (customer.companyName) properties.hs_primary_company_name = customer.companyName;
  }
}

function ticketProperties(ticket: Ticket, random: SeededRandom): Record<string, string> {
  const properties: Record<string, string> = {
    subject: ticket.problem.subjects[ticket.subject]!(ticket.detail),
    content: description(ticket, random),
    hs_pipeline: '0',
    hs_pipeline_stage: random.weighted(STAGE_WEIGHTS),
  };
  requester(properties, ticket.customer, random);
  if (random.chance(0.8)) properties.hs_ticket_priority = random.pick(TICKET_PRIORITIES).value;
  if (random.chance(0.7)) properties.hs_ticket_category = ticket.problem.category;
  if (random.chance(0.9)) properties.source_type = random.pick(TICKET_SOURCES).value;
  if (random.chance(0.75)) properties.hubspot_owner_id = random.pick(OWNERS).id;
  return properties;
}

/** The same customer asking again: another subject line, the text again or anew, maybe from a colleague or a channel that names nobody. */
function ticketCopy(ticket: Ticket, original: Record<string, string>, colleagues: ReadonlyMap<string, TicketCustomer[]>, random: SeededRandom): Record<string, string> {
  const copy: Record<string, string> = { hs_pipeline: '0', hs_pipeline_stage: random.chance(0.6) ? '1' : original.hs_pipeline_stage! };
  const subject = original.subject!;
  const u = random.next();
  if (u < 0.3) copy.subject = `${random.pick(['Re: ', 'RE: ', 'Fwd: ', 'FW: '])}${subject}`;
  else if (u < 0.5) copy.subject = typo(subject, random);
  else if (u < 0.65) copy.subject = formatVariant(subject, random);
  else if (u < 0.8) copy.subject = `${subject}${random.pick(['!', '?', '!!', ' (again)', ' - urgent', ' - still not fixed'])}`;
  else copy.subject = ticket.problem.subjects[(ticket.subject + 1 + random.int(ticket.problem.subjects.length - 1)) % ticket.problem.subjects.length]!(ticket.detail);
  const v = random.next();
  if (v < 0.35) copy.content = `${random.pick(['Following up:', 'Any news?', 'Sending again:', 'Still waiting.'])} ${original.content}`;
  else if (v < 0.5) copy.content = original.content!;
  else if (v < 0.8) copy.content = description({ ...ticket, body: random.int(ticket.problem.bodies.length) }, random);
  else if (v < 0.9) copy.content = `${random.pick(['Any update on my ticket?', 'This is still happening.', 'No reply yet, please help.'])} ${signature(ticket.customer, random)}`;
  const w = random.next();
  if (w < 0.82) requester(copy, ticket.customer, random);
  else if (w < 0.92 && ticket.customer.companyId && (colleagues.get(ticket.customer.companyId)?.length ?? 0) > 1) {
    // A colleague asks for the same thing.
    const others = colleagues.get(ticket.customer.companyId)!.filter((c) => c !== ticket.customer);
    requester(copy, random.pick(others), random);
  } else {
    // Through a channel that names no contact (a chat, a phone call typed in): the text pasted again.
    copy.content = original.content!;
  }
  if (random.chance(0.6) && original.source_type) copy.source_type = random.pick(TICKET_SOURCES.filter((source) => source.value !== original.source_type)).value;
  if (original.hs_ticket_priority && random.chance(0.7)) copy.hs_ticket_priority = original.hs_ticket_priority;
  if (original.hubspot_owner_id && random.chance(0.7)) copy.hubspot_owner_id = original.hubspot_owner_id;
  if (original.hs_ticket_category) copy.hs_ticket_category = random.chance(0.8) ? original.hs_ticket_category : random.pick(TICKET_CATEGORIES).value;
  keepOneLink(copy, original, random);
  return copy;
}

/**
 * A customer asking again is known to be the same customer: the ticket names the same
 * contact or company, or quotes the first one's text. Two tickets with one common subject
 * and nothing else in common are as likely two customers, and no one could tell; so a copy
 * that lost every link names the original's requester again, or quotes its text.
 */
function keepOneLink(copy: Record<string, string>, original: Record<string, string>, random: SeededRandom): void {
  const same = (name: string) => !!original[name] && copy[name] === original[name];
  if (same('hs_all_associated_contact_emails') || same('hs_primary_company_id') || (!!original.content && !!copy.content?.includes(original.content))) return;
  for (const name of ['hs_all_associated_contact_emails', 'hs_primary_company_id', 'hs_primary_company_name']) if (original[name]) copy[name] = original[name];
  if (!same('hs_all_associated_contact_emails') && !same('hs_primary_company_id')) copy.content = `${random.pick(['Following up:', 'Sending again:'])} ${original.content}`;
}
