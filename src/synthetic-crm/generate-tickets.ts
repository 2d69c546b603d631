/**
 * Seeded support tickets with the duplicates help desks collect: the same problem reported
 * again by email after a chat, a "Re:" subject, a slip of the keyboard, fields left empty.
 * Copies follow their original closely in time, as repeat reports do.
 */
import { assembleRows, copyChance, extraCopies, type GeneratedRow } from './assemble-rows';
import { OWNERS, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_SOURCES } from './property-catalog';
import type { RecordInput } from './columns';
import { SeededRandom, streamSeed } from './seeded-random';
import { formatVariant, typo } from './text-variants';

export interface TicketOptions {
  seed: number;
  /** Share of tickets that are extra copies of another, 0 to 0.5. */
  duplicateRate: number;
  /** Who reports problems; a small built-in list when empty. */
  customerNames: readonly string[];
}

const FALLBACK_CUSTOMERS = ['Ann Lee', 'Marco Rossi', 'Julia Becker', 'Sam Patel', 'Nina Dubois', 'Tom Walsh'];

const FEATURES = ['CSV export', 'invoice download', 'calendar sync', 'single sign-on', 'mobile app', 'Salesforce sync', 'reporting dashboard', 'email notifications'];

type Problem = readonly [category: string, subject: (n: string, feature: string) => string, body: (n: string, feature: string) => string];

const PROBLEMS: readonly Problem[] = [
  ['PRODUCT_ISSUE', () => 'Cannot log in', () => 'I get an error every time I try to sign in since this morning.'],
  ['PRODUCT_ISSUE', () => 'Password reset email not arriving', () => 'I requested a password reset several times but no email came.'],
  ['PRODUCT_ISSUE', (_n, f) => `${capitalize(f)} not working`, (_n, f) => `The ${f} stopped working after the last update.`],
  ['PRODUCT_ISSUE', () => 'App crashes on startup', () => 'The app closes right after opening, on two different devices.'],
  ['BILLING_ISSUE', (n) => `Invoice ${n} is incorrect`, (n) => `Invoice ${n} charges us for more seats than we have.`],
  ['BILLING_ISSUE', (n) => `Refund request for order #${n}`, (n) => `Please refund order #${n}; it was placed twice by mistake.`],
  ['BILLING_ISSUE', () => 'Update billing address', () => 'Our company moved; please update the billing address on file.'],
  ['FEATURE_REQUEST', (_n, f) => `Feature request: ${f}`, (_n, f) => `It would help us a lot to have ${f} for our team.`],
  ['GENERAL_INQUIRY', () => 'Question about data retention', () => 'How long do you keep our data after we cancel?'],
  ['GENERAL_INQUIRY', () => 'Cancel subscription', () => 'We would like to cancel our subscription at the end of the term.'],
  ['GENERAL_INQUIRY', (n) => `Shipping delayed for order ${n}`, (n) => `Order ${n} was due last week and has not arrived.`],
];

const STAGE_WEIGHTS: readonly [string, number][] = [['1', 15], ['2', 10], ['3', 10], ['4', 65]];
const FIRST_TICKET_ID = 1_500_000_000;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function generateTickets(count: number, options: TicketOptions): RecordInput[] {
  const random = new SeededRandom(streamSeed(options.seed, 'tickets'));
  const customers = options.customerNames.length > 0 ? options.customerNames : FALLBACK_CUSTOMERS;
  const copies = copyChance(options.duplicateRate);
  const rows: GeneratedRow[] = [];
  for (let entity = 0; rows.length < count; entity++) {
    const problem = random.pick(PROBLEMS);
    const number = String(10_000 + random.int(90_000));
    const feature = random.pick(FEATURES);
    const customer = random.pick(customers);
    const original = ticketProperties(problem, number, feature, customer, random);
    rows.push({ properties: original, entity });
    if (!random.chance(copies)) continue;
    for (let k = extraCopies(random); k > 0 && rows.length < count; k--) {
      // A few rows later: the repeat report comes soon after the first.
      const at = rows.length - random.int(Math.min(rows.length, 8));
      rows.splice(at, 0, { properties: ticketCopy(original, random), entity });
    }
  }
  return assembleRows(rows, FIRST_TICKET_ID + random.int(1_000_000), random);
}

function ticketProperties(problem: Problem, number: string, feature: string, customer: string, random: SeededRandom): Record<string, string> {
  const [category, subject, body] = problem;
  const properties: Record<string, string> = {
    subject: subject(number, feature),
    content: `${body(number, feature)} ${random.chance(0.5) ? `Thanks, ${customer}` : `Regards, ${customer.split(' ')[0] ?? customer}`}`,
    hs_pipeline: '0',
    hs_pipeline_stage: random.weighted(STAGE_WEIGHTS),
  };
  if (random.chance(0.8)) properties.hs_ticket_priority = random.pick(TICKET_PRIORITIES).value;
  if (random.chance(0.7)) properties.hs_ticket_category = category;
  if (random.chance(0.9)) properties.source_type = random.pick(TICKET_SOURCES).value;
  if (random.chance(0.75)) properties.hubspot_owner_id = random.pick(OWNERS).id;
  return properties;
}

function ticketCopy(original: Record<string, string>, random: SeededRandom): Record<string, string> {
  const copy = { ...original };
  const subject = original.subject!;
  const u = random.next();
  if (u < 0.35) copy.subject = `${random.pick(['Re: ', 'RE: ', 'Fwd: '])}${subject}`;
  else if (u < 0.6) copy.subject = typo(subject, random);
  else if (u < 0.8) copy.subject = formatVariant(subject, random);
  else copy.subject = `${subject}${random.pick(['!', '?', '!!', ' (again)', ' - urgent'])}`;
  if (random.chance(0.4)) copy.content = random.chance(0.5) ? `Following up: ${original.content}` : original.content!.split('. ')[0]!;
  copy.hs_pipeline_stage = random.chance(0.6) ? '1' : copy.hs_pipeline_stage!;
  if (random.chance(0.5)) copy.source_type = random.pick(TICKET_SOURCES.filter((source) => source.value !== original.source_type)).value;
  if (random.chance(0.3)) delete copy.hs_ticket_priority;
  if (random.chance(0.3)) delete copy.hubspot_owner_id;
  if (random.chance(0.2)) copy.hs_ticket_category = random.pick(TICKET_CATEGORIES).value;
  return copy;
}
