import { asText } from './text';

/** Upper case without spaces or dashes; a US ZIP+4 keeps its five-digit ZIP. */
export function normalizePostcode(value: unknown): string {
  const compact = asText(value).toUpperCase().replace(/[\s-]+/g, '');
  if (/^\d{9}$/.test(compact)) return compact.slice(0, 5);
  return /^[A-Z0-9]{2,10}$/.test(compact) ? compact : '';
}
