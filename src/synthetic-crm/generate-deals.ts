/**
 * Seeded deals with the duplicates sales teams make: the same opportunity entered twice, with
 * the company written another way, a typo, another amount or stage, blanks.
 */
import { assembleRows, copyChance, extraCopies, shuffle, type GeneratedRow } from './assemble-rows';
import { DEAL_STAGES, OWNERS } from './property-catalog';
import type { RecordInput } from './columns';
import { SeededRandom, streamSeed } from './seeded-random';
import { companySuffixVariant, formatVariant, typo } from './text-variants';

export interface DealOptions {
  seed: number;
  /** Share of deals that are extra copies of another, 0 to 0.5. */
  duplicateRate: number;
  /** Companies the deals are with; a small built-in list when empty. */
  companyNames: readonly string[];
}

const FALLBACK_COMPANIES = ['Northwind Traders', 'Contoso Ltd', 'Fabrikam Inc.', 'Globex Corporation', 'Initech', 'Umbrella Group', 'Stark Industries', 'Wayne Enterprises'];

const PRODUCTS = [
  'New Business', 'Renewal', 'Annual Subscription', 'Enterprise License', 'Pilot', 'Expansion', 'Consulting Package',
  'Support Contract', 'Website Redesign', 'Onboarding', 'Upsell', 'Training Workshop', 'Hardware Order', 'Multi-year Agreement',
  'Professional Services', 'Add-on Seats', 'Implementation', 'Managed Services',
];

const STAGE_WEIGHTS = DEAL_STAGES.map((stage): [string, number] => [stage.value, stage.value === 'closedwon' ? 30 : stage.value === 'closedlost' ? 25 : 9]);
const AMOUNT_BASES = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000];
const CLOSE_FROM = Date.UTC(2016, 1, 1);
const CLOSE_TO = Date.UTC(2025, 10, 1);
const DAY = 86_400_000;
/** Far from the contact ids, as HubSpot's id ranges differ per object type. */
const FIRST_DEAL_ID = 9_000_000_000;

interface Deal {
  company: string;
  product: string;
  year: number;
  style: number;
}

const dealName = (deal: Deal, company = deal.company): string => {
  switch (deal.style) {
    case 0:
      return `${company} - ${deal.product}`;
    case 1:
      return `${company} ${deal.product} ${deal.year}`;
    case 2:
      return `${deal.product} for ${company}`;
    default:
      return `${company} - ${deal.year} ${deal.product}`;
  }
};

export function generateDeals(count: number, options: DealOptions): RecordInput[] {
  const random = new SeededRandom(streamSeed(options.seed, 'deals'));
  const companies = options.companyNames.length > 0 ? options.companyNames : FALLBACK_COMPANIES;
  const copies = copyChance(options.duplicateRate);
  const rows: GeneratedRow[] = [];
  for (let entity = 0; rows.length < count; entity++) {
    const deal: Deal = { company: random.pick(companies).trim(), product: random.pick(PRODUCTS), year: 2016 + random.int(10), style: random.int(4) };
    const original = dealProperties(deal, random);
    rows.push({ properties: original, entity });
    if (!random.chance(copies)) continue;
    for (let k = extraCopies(random); k > 0 && rows.length < count; k--) rows.push({ properties: dealCopy(deal, original, random), entity });
  }
  shuffle(rows, random);
  return assembleRows(rows, FIRST_DEAL_ID + random.int(1_000_000), random);
}

function dealProperties(deal: Deal, random: SeededRandom): Record<string, string> {
  const properties: Record<string, string> = {
    dealname: dealName(deal),
    pipeline: 'default',
    dealstage: random.weighted(STAGE_WEIGHTS),
  };
  if (random.chance(0.88)) properties.amount = String(Math.round((random.pick(AMOUNT_BASES) * (0.5 + random.next() * 1.5)) / 50) * 50);
  if (random.chance(0.8)) properties.closedate = String(CLOSE_FROM + Math.floor(random.next() * (CLOSE_TO - CLOSE_FROM)));
  if (random.chance(0.65)) properties.dealtype = random.chance(0.6) ? 'newbusiness' : 'existingbusiness';
  if (random.chance(0.85)) properties.hubspot_owner_id = random.pick(OWNERS).id;
  return properties;
}

function dealCopy(deal: Deal, original: Record<string, string>, random: SeededRandom): Record<string, string> {
  const copy = { ...original };
  const u = random.next();
  if (u < 0.35) copy.dealname = dealName(deal, companySuffixVariant(deal.company, random));
  else if (u < 0.6) copy.dealname = typo(original.dealname!, random);
  else if (u < 0.8) copy.dealname = formatVariant(original.dealname!, random);
  else copy.dealname = dealName({ ...deal, style: (deal.style + 1 + random.int(3)) % 4 });
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
