/**
 * Seeded deals with the duplicates sales teams make: the same opportunity entered twice, with
 * the company written another way, a typo, another amount or stage, blanks. And what is not a
 * duplicate though it looks like one: many companies have a deal called "Annual Subscription
 * 2024" or "Renewal", and one company renews the same product year after year.
 *
 * The company is where HubSpot keeps it on a deal: `hs_primary_associated_company`, the id of
 * the primary associated company (left out on some deals, as on real ones).
 */
import { assembleTimedRows, copyChance, extraCopies, type TimedRow } from './assemble-rows';
import { DEAL_STAGES, OWNERS } from './property-catalog';
import type { RecordInput } from './columns';
import { SeededRandom, streamSeed } from './seeded-random';
import { companySuffixVariant, formatVariant, typo } from './text-variants';

/** A company deals can be with: its HubSpot id and name. */
export interface DealCompany {
  id: string;
  name: string;
}

export interface DealOptions {
  seed: number;
  /** Share of deals that are extra copies of another, 0 to 0.5. */
  duplicateRate: number;
  /** Companies the deals are with; a small built-in list when empty. */
  companies?: readonly DealCompany[];
}

const FALLBACK_COMPANIES = ['Northwind Traders', 'Contoso Ltd', 'Fabrikam Inc.', 'Globex Corporation', 'Initech', 'Umbrella Group', 'Stark Industries', 'Wayne Enterprises'];

const PRODUCTS = [
  'New Business', 'Renewal', 'Annual Subscription', 'Enterprise License', 'Pilot', 'Expansion', 'Consulting Package',
  'Support Contract', 'Website Redesign', 'Onboarding', 'Upsell', 'Training Workshop', 'Hardware Order', 'Multi-year Agreement',
  'Professional Services', 'Add-on Seats', 'Implementation', 'Managed Services',
];

const STAGE_WEIGHTS = DEAL_STAGES.map((stage): [string, number] => [stage.value, stage.value === 'closedwon' ? 30 : stage.value === 'closedlost' ? 25 : 9]);
const AMOUNT_BASES = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000];
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Far from the contact ids, as HubSpot's id ranges differ per object type. */
const FIRST_DEAL_ID = 9_000_000_000;
/** Share of deals with no primary company recorded. */
const NO_COMPANY = 0.1;
/** Share of customers who renew: next year's deal of the same name is another deal. */
const RENEWS = 0.15;

interface Deal {
  company: DealCompany;
  product: string;
  year: number;
  /** 0-3 name the company; 4-6 do not ("Renewal 2024"), as many teams name deals. */
  style: number;
  amount: number | null;
  closedate: number | null;
}

const dealName = (deal: Deal, company = deal.company.name): string => {
  switch (deal.style) {
    case 0:
      return `${company} - ${deal.product}`;
    case 1:
      return `${company} ${deal.product} ${deal.year}`;
    case 2:
      return `${deal.product} for ${company}`;
    case 3:
      return `${company} - ${deal.year} ${deal.product}`;
    case 4:
      return `${deal.product} ${deal.year}`;
    case 5:
      return deal.product;
    default:
      return `${deal.year} ${deal.product}`;
  }
};

export function generateDeals(count: number, options: DealOptions): RecordInput[] {
  const random = new SeededRandom(streamSeed(options.seed, 'deals'));
  const companies: readonly DealCompany[] =
    options.companies && options.companies.length > 0 ? options.companies : FALLBACK_COMPANIES.map((name, k) => ({ id: String(8_000_000 + k), name }));
  const copies = copyChance(options.duplicateRate);
  const rows: TimedRow[] = [];
  for (let entity = 0; rows.length < count; entity++) {
    const year = 2016 + random.int(10);
    const deal: Deal = {
      // A few customers have many deals.
      company: companies[Math.floor(companies.length * random.next() ** 1.5)]!,
      product: random.pick(PRODUCTS),
      year,
      style: random.int(7),
      amount: random.chance(0.88) ? Math.round((random.pick(AMOUNT_BASES) * (0.5 + random.next() * 1.5)) / 50) * 50 : null,
      closedate: random.chance(0.8) ? Date.UTC(year, 0, 1) + Math.floor(random.next() * 365 * DAY) : null,
    };
    const original = dealProperties(deal, random);
    // Opened weeks or months before it closes, within its year.
    const createdAt = Date.UTC(year, 0, 1) + Math.floor(random.next() * (deal.closedate === null ? 365 * DAY : Math.max(DAY, deal.closedate - Date.UTC(year, 0, 1))));
    rows.push({ properties: original, entity, createdAt });
    if (random.chance(copies)) {
      // Entered again while the deal is open: mostly within days, some weeks later.
      for (let k = extraCopies(random); k > 0 && rows.length < count; k--) {
        rows.push({ properties: dealCopy(deal, original, random), entity, createdAt: createdAt + Math.floor((random.chance(0.7) ? 7 : 60) * random.next() * DAY) + HOUR });
      }
    } else if (random.chance(RENEWS) && rows.length < count) {
      // Renewed the next year: same company, same product, often the same name and price, opened a year later.
      const renewal: Deal = { ...deal, year: year + 1, closedate: deal.closedate === null ? null : deal.closedate + (350 + random.int(30)) * DAY };
      rows.push({ properties: dealProperties(renewal, random), entity: ++entity, createdAt: createdAt + (330 + random.int(60)) * DAY });
    }
  }
  return assembleTimedRows(rows, FIRST_DEAL_ID + random.int(1_000_000), random);
}

function dealProperties(deal: Deal, random: SeededRandom): Record<string, string> {
  const properties: Record<string, string> = {
    dealname: dealName(deal),
    pipeline: 'default',
    dealstage: random.weighted(STAGE_WEIGHTS),
  };
  if (!random.chance(NO_COMPANY)) properties.hs_primary_associated_company = deal.company.id;
  if (deal.amount !== null) properties.amount = String(deal.amount);
  if (deal.closedate !== null) properties.closedate = String(deal.closedate);
  if (random.chance(0.65)) properties.dealtype = random.chance(0.6) ? 'newbusiness' : 'existingbusiness';
  if (random.chance(0.85)) properties.hubspot_owner_id = random.pick(OWNERS).id;
  return properties;
}

function dealCopy(deal: Deal, original: Record<string, string>, random: SeededRandom): Record<string, string> {
  const copy = { ...original };
  const u = random.next();
  if (u < 0.35 && deal.style <= 3) copy.dealname = dealName(deal, companySuffixVariant(deal.company.name, random));
  else if (u < 0.6) copy.dealname = typo(original.dealname!, random);
  else if (u < 0.8) copy.dealname = formatVariant(original.dealname!, random);
  else copy.dealname = dealName({ ...deal, style: (deal.style + 1 + random.int(6)) % 7 });
  if (random.chance(NO_COMPANY)) delete copy.hs_primary_associated_company;
  else copy.hs_primary_associated_company = deal.company.id;
  if (copy.amount !== undefined) {
    const v = random.next();
    if (v < 0.2) delete copy.amount;
    else if (v < 0.4) copy.amount = String(Math.round(Number(copy.amount) * (0.8 + random.next() * 0.4)));
  }
  if (random.chance(0.4)) copy.dealstage = random.pick(DEAL_STAGES).value;
  if (copy.closedate !== undefined && random.chance(0.4)) {
    copy.closedate = random.chance(0.5) ? String(Number(copy.closedate) + (random.int(29) - 14) * DAY) : '';
  }
  if (random.chance(0.3)) copy.hubspot_owner_id = random.chance(0.5) ? random.pick(OWNERS).id : '';
  if (random.chance(0.3)) delete copy.dealtype;
  if (copy.dealname === original.dealname) copy.dealname = typo(copy.dealname, random);
  return copy;
}
