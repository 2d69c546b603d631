/**
 * A portal's records from a seed: contacts and companies from the benchmarks' generator
 * (contacts-and-companies.ts), then deals and tickets, then the properties that generator
 * leaves out (owners, stages, mobile numbers, links to companies), with gaps.
 * The same seed and counts give the same portal, record for record.
 */
import type { ObjectType } from '../shared/object-types';
import { DATA_NOW } from './assemble-rows';
import { columnsOfRows, type ColumnData } from './columns';
import { generateCompanies, generateContacts } from './contacts-and-companies';
import { generateDeals, type DealCompany } from './generate-deals';
import { generateTickets, type TicketCustomer } from './generate-tickets';
import { LEAD_STATUSES, LIFECYCLE_STAGES, OWNERS } from './property-catalog';
import { SeededRandom, streamSeed } from './seeded-random';

export type RecordCounts = Readonly<Record<ObjectType, number>>;

export interface SeedOptions {
  seed: number;
  counts: RecordCounts;
  /** Share of records that are extra copies of another, 0 to 0.5; default 0.2. */
  duplicateRate?: number;
}

export const DEFAULT_DUPLICATE_RATE = 0.2;

/** A portal's records, by column per type. */
export type GeneratedPortal = Record<ObjectType, ColumnData>;

/** Every type's records from the seed. */
export function generatePortal(options: SeedOptions): GeneratedPortal {
  const { seed, counts } = options;
  const duplicateRate = options.duplicateRate ?? DEFAULT_DUPLICATE_RATE;
  const companies = seedCompanies(counts.companies, seed, duplicateRate);
  const contacts = seedContacts(counts.contacts, seed, duplicateRate, companies);
  const customers = ticketCustomers(contacts, companies);
  const deals = columnsOfRows(generateDeals(counts.deals, { seed, duplicateRate, companies: dealCompanies(companies) }));
  const tickets = columnsOfRows(generateTickets(counts.tickets, { seed, duplicateRate, customers }));
  return { contacts, companies, deals, tickets };
}

interface GeneratedRecord {
  id: string;
  properties: Readonly<Record<string, unknown>>;
  updatedAt?: string | number | Date | null;
}

/**
 * The generator's records as columns, in one pass and without an object per record: its rows
 * all have the same keys. Its create date moves to the record, its entity label to a number.
 */
function columnsOf(records: readonly GeneratedRecord[], truth: readonly string[]): ColumnData {
  const n = records.length;
  const keys = n > 0 ? Object.keys(records[0]!.properties) : [];
  const columns = keys.map(() => new Array<string | null>(n).fill(null));
  const ids = new Array<number>(n);
  const createdAt = new Array<number>(n);
  const updatedAt = new Array<number>(n);
  const entities = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const record = records[i]!;
    const properties = record.properties as Record<string, string | undefined>;
    ids[i] = Number(record.id);
    createdAt[i] = Number(properties.createdate);
    updatedAt[i] = Number(record.updatedAt);
    entities[i] = entityNumber(truth[i]!);
    for (let k = 0; k < keys.length; k++) {
      const value = properties[keys[k]!];
      if (value !== undefined && value !== '') columns[k]![i] = value;
    }
  }
  return { ids, createdAt, updatedAt, entities, columns: new Map(keys.map((key, k) => [key, columns[k]!])) };
}

/** "p123" → 123 without a substring per record. */
function entityNumber(label: string): number {
  let value = 0;
  for (let i = 1; i < label.length; i++) value = value * 10 + label.charCodeAt(i) - 48;
  return value;
}

const STREETS = [
  'Main Street', 'Oak Avenue', 'Park Road', 'Market Street', 'Elm Street', 'Harbor Drive', 'Cedar Lane', 'Industrial Parkway',
  'Commerce Way', 'Riverside Drive', 'Hillcrest Road', 'Station Road', 'King Street', 'Lakeview Boulevard', 'Mill Lane',
];

function seedCompanies(count: number, seed: number, duplicateRate: number): ColumnData {
  if (count === 0) return emptyColumns();
  const generated = generateCompanies(count, { seed, duplicateRate });
  const data = columnsOf(generated.records, generated.truth);
  const random = new SeededRandom(streamSeed(seed, 'companies'));
  const n = data.ids.length;
  const column = columnWriter(data);
  const [address, zip, revenue, stage, owner, additionalDomains] = ['address', 'zip', 'annualrevenue', 'lifecyclestage', 'hubspot_owner_id', 'hs_additional_domains'].map(column);
  const employees = data.columns.get('numberofemployees') ?? [];
  const domains = data.columns.get('domain') ?? [];
  for (let i = 0; i < n; i++) {
    if (random.chance(0.55)) address![i] = `${1 + random.int(9999)} ${random.pick(STREETS)}`;
    if (random.chance(0.5)) zip![i] = String(10_000 + random.int(90_000));
    const headcount = Number(employees[i] ?? 0);
    if (headcount > 0 && random.chance(0.4)) revenue![i] = String(Math.round((headcount * (80_000 + random.int(170_000))) / 1000) * 1000);
    if (random.chance(0.6)) stage![i] = random.weighted(STAGE_WEIGHTS);
    if (random.chance(0.75)) owner![i] = random.pick(OWNERS).id;
    const domain = domains[i];
    if (domain && random.chance(0.03)) additionalDomains![i] = domain.replace(/\.[a-z]+$/, random.pick(['.co.uk', '.de', '.net', '.io']));
  }
  return data;
}

/** Adds an empty column to the data and returns it for filling. */
function columnWriter(data: ColumnData): (name: string) => (string | null)[] {
  return (name) => {
    const column = new Array<string | null>(data.ids.length).fill(null);
    (data.columns as Map<string, (string | null)[]>).set(name, column);
    return column;
  };
}

const STAGE_WEIGHTS: readonly [string, number][] = LIFECYCLE_STAGES.map((stage, i): [string, number] => [stage.value, [10, 30, 15, 10, 10, 20, 2, 3][i] ?? 1]);
const FREE_MAIL = /(^|\.)(gmail|googlemail|yahoo|hotmail|outlook|live|aol|icloud|me|gmx|web|orange|free|btinternet|protonmail|mail)\./i;
const OWNER_IDS = OWNERS.map((owner) => owner.id);
const LEAD_STATUS_VALUES = LEAD_STATUSES.map((status) => status.value);

function seedContacts(count: number, seed: number, duplicateRate: number, companies: ColumnData): ColumnData {
  if (count === 0) return emptyColumns();
  const generated = generateContacts(count, { seed, duplicateRate });
  const data = columnsOf(generated.records, generated.truth);
  const random = new SeededRandom(streamSeed(seed, 'contacts'));
  const companyIds = new Map<string, string>();
  const names = companies.columns.get('name') ?? [];
  for (let slot = 0; slot < names.length; slot++) {
    const name = names[slot]?.toLowerCase();
    if (name && !companyIds.has(name)) companyIds.set(name, String(companies.ids[slot]));
  }
  const n = data.ids.length;
  const column = columnWriter(data);
  const [mobile, website, stage, leadStatus, owner, companyId, lastActivity] = [
    'mobilephone', 'website', 'lifecyclestage', 'hs_lead_status', 'hubspot_owner_id', 'associatedcompanyid', 'notes_last_updated',
  ].map(column);
  const emails = (data.columns.get('email') as (string | null)[] | undefined) ?? [];
  const companyNames = data.columns.get('company') ?? [];
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const email = emails[i];
    if (email) {
      // HubSpot keeps one contact per email: a copy that kept its original's address (or a
      // second person on a shared info@ mailbox) goes without. Lowercasing only when needed
      // spares a million string copies.
      const key = /[A-Z\s]/.test(email) ? email.trim().toLowerCase() : email;
      if (seen.has(key)) emails[i] = null;
      else seen.add(key);
      if (random.chance(0.3)) {
        const domain = email.slice(email.indexOf('@') + 1);
        if (!FREE_MAIL.test(domain)) website![i] = random.chance(0.5) ? `https://www.${domain}` : domain;
      }
    }
    if (random.chance(0.15)) mobile![i] = `+1 (${200 + random.int(800)}) ${100 + random.int(900)}-${String(random.int(10_000)).padStart(4, '0')}`;
    if (random.chance(0.75)) stage![i] = random.weighted(STAGE_WEIGHTS);
    if (random.chance(0.4)) leadStatus![i] = random.pick(LEAD_STATUS_VALUES);
    if (random.chance(0.7)) owner![i] = random.pick(OWNER_IDS);
    const company = companyNames[i];
    const linked = company ? companyIds.get(/[A-Z]/.test(company) ? company.toLowerCase() : company) : undefined;
    if (linked !== undefined && random.chance(0.85)) companyId![i] = linked;
    if (random.chance(0.35)) {
      const created = data.createdAt[i]!;
      lastActivity![i] = String(created + Math.floor(random.next() * (Math.min(data.updatedAt[i]!, DATA_NOW) - created)));
    }
  }
  return data;
}

function emptyColumns(): ColumnData {
  return { ids: [], createdAt: [], updatedAt: [], entities: [], columns: new Map() };
}

/** The contacts who file tickets, with their email and company: a sample is enough, and keeps this cheap for a million contacts. */
function ticketCustomers(contacts: ColumnData, companies: ColumnData): TicketCustomer[] {
  const first = contacts.columns.get('firstname') ?? [];
  const last = contacts.columns.get('lastname') ?? [];
  const emails = contacts.columns.get('email') ?? [];
  const companyIds = contacts.columns.get('associatedcompanyid') ?? [];
  const companyNames = companyNamesById(companies);
  const customers: TicketCustomer[] = [];
  for (let slot = 0; slot < contacts.ids.length && customers.length < 5000; slot++) {
    if (!first[slot] || !last[slot]) continue;
    const companyId = companyIds[slot] ?? undefined;
    const companyName = companyId ? companyNames.get(companyId) : undefined;
    customers.push({
      name: `${first[slot]} ${last[slot]}`,
      ...(emails[slot] ? { email: emails[slot]! } : {}),
      ...(companyId ? { companyId } : {}),
      ...(companyName ? { companyName } : {}),
    });
  }
  return customers;
}

function companyNamesById(companies: ColumnData): Map<string, string> {
  const names = companies.columns.get('name') ?? [];
  const byId = new Map<string, string>();
  for (let slot = 0; slot < companies.ids.length; slot++) if (names[slot]) byId.set(String(companies.ids[slot]), names[slot]!);
  return byId;
}

/** The companies deals are with: HubSpot id and name. */
function dealCompanies(companies: ColumnData): DealCompany[] {
  return [...companyNamesById(companies)].map(([id, name]) => ({ id, name }));
}
