import { foldText } from './text';

const US_STATES: Record<string, string> = {
  alabama: 'al', alaska: 'ak', arizona: 'az', arkansas: 'ar', california: 'ca', colorado: 'co', connecticut: 'ct',
  delaware: 'de', 'district of columbia': 'dc', florida: 'fl', georgia: 'ga', hawaii: 'hi', idaho: 'id', illinois: 'il',
  indiana: 'in', iowa: 'ia', kansas: 'ks', kentucky: 'ky', louisiana: 'la', maine: 'me', maryland: 'md',
  massachusetts: 'ma', michigan: 'mi', minnesota: 'mn', mississippi: 'ms', missouri: 'mo', montana: 'mt', nebraska: 'ne',
  nevada: 'nv', 'new hampshire': 'nh', 'new jersey': 'nj', 'new mexico': 'nm', 'new york': 'ny', 'north carolina': 'nc',
  'north dakota': 'nd', ohio: 'oh', oklahoma: 'ok', oregon: 'or', pennsylvania: 'pa', 'rhode island': 'ri',
  'south carolina': 'sc', 'south dakota': 'sd', tennessee: 'tn', texas: 'tx', utah: 'ut', vermont: 'vt', virginia: 'va',
  washington: 'wa', 'west virginia': 'wv', wisconsin: 'wi', wyoming: 'wy', 'puerto rico': 'pr',
};

const COUNTRIES: Record<string, string> = {
  us: 'us', usa: 'us', 'united states': 'us', 'united states of america': 'us', america: 'us', 'u s a': 'us', 'u s': 'us',
  uk: 'gb', gb: 'gb', 'united kingdom': 'gb', 'great britain': 'gb', england: 'gb', scotland: 'gb', wales: 'gb',
  de: 'de', germany: 'de', deutschland: 'de', fr: 'fr', france: 'fr', au: 'au', australia: 'au', ca: 'ca', canada: 'ca',
  es: 'es', spain: 'es', espana: 'es', it: 'it', italy: 'it', italia: 'it', nl: 'nl', netherlands: 'nl', holland: 'nl',
  'the netherlands': 'nl', ie: 'ie', ireland: 'ie', in: 'in', india: 'in', nz: 'nz', 'new zealand': 'nz', mx: 'mx', mexico: 'mx',
  br: 'br', brazil: 'br', ch: 'ch', switzerland: 'ch', se: 'se', sweden: 'se', jp: 'jp', japan: 'jp', sg: 'sg', singapore: 'sg',
};

/** A state or province: US states by their two-letter code whichever way they are written. */
export function normalizeRegion(value: unknown): string {
  const folded = foldText(value);
  return US_STATES[folded] ?? folded;
}

const US_STATE_CODES = new Set(Object.values(US_STATES));

/** A US state's two-letter code however it is written ("New York", "NY"), or null for anything else. */
export function usStateCode(value: unknown): string | null {
  const code = normalizeRegion(value);
  return US_STATE_CODES.has(code) ? code : null;
}

/** A country as its ISO code where it is one of the common ones; otherwise folded text. */
export function normalizeCountry(value: unknown): string {
  const folded = foldText(value);
  return COUNTRIES[folded] ?? folded;
}
