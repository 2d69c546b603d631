import { DATE_PROPERTIES } from '../../../shared/crm-properties';

/** Properties that hold a number to read as a quantity (not an id, phone number or postcode). */
const NUMBER_PROPERTIES: ReadonlySet<string> = new Set(['amount', 'annualrevenue', 'numberofemployees', 'hs_analytics_num_page_views', 'hs_analytics_num_visits']);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH_MS = /^\d{10,13}$/;

/** A date-like property by its name: HubSpot's known ones and the usual "...date" custom names. */
const isDateProperty = (property: string) => DATE_PROPERTIES.has(property) || /(^|_)(date|timestamp)$|date$/.test(property);

/** An option's internal name, as HubSpot stores enumerations: INFORMATION_TECHNOLOGY_AND_SERVICES. */
const OPTION_CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/**
 * A HubSpot property value as the user reads it, in their own locale (the browser's):
 * dates (ISO strings, or epoch milliseconds on date properties) as "Jul 12, 2024",
 * quantities with the locale's digit grouping, option codes in words (one long code would
 * otherwise be broken letter by letter in a narrow column); anything else as it is.
 */
export function formatPropertyValue(property: string, value: string, locale?: string): string {
  const text = value.trim();
  if (ISO_DATE_TIME.test(text) || (isDateProperty(property) && (EPOCH_MS.test(text) || ISO_DAY.test(text)))) {
    // A bare day is a calendar date: read it in UTC so it does not move a day in the Americas.
    const day = ISO_DAY.test(text);
    const date = EPOCH_MS.test(text) ? new Date(Number(text)) : new Date(day ? `${text}T00:00:00Z` : text);
    if (!Number.isNaN(date.getTime())) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) }).format(date);
  }
  if ((NUMBER_PROPERTIES.has(property) || property.startsWith('num_')) && text !== '' && Number.isFinite(Number(text))) {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(text));
  }
  if (OPTION_CODE.test(text)) {
    const words = text.toLowerCase().replaceAll('_', ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return value;
}

/** A record's created/updated time in the user's locale, or a dash. */
export function formatRecordDate(value: string | null, locale?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
