import { getDomain, parse } from 'tldts';
import { asText } from './text';

/**
 * The registrable domain of a website, URL, host or email address:
 * "https://www.shop.Example.co.uk/about" → "example.co.uk". Null when there is none.
 */
export function normalizeDomain(value: unknown): string | null {
  let text = asText(value).toLowerCase();
  if (text === '') return null;
  const at = text.lastIndexOf('@');
  if (at >= 0) text = text.slice(at + 1);
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  if (!/^[a-z0-9.-]+\.[a-z0-9-]{2,}$/.test(text)) return null;
  return getDomain(text, { allowPrivateDomains: false }) ?? null;
}

/**
 * Whether a domain ends in a real top-level domain (".com", ".co.uk", ".de"): one ending in
 * ".con", ".cem" or ".ohg" was mistyped.
 */
export function endsInRealTopLevelDomain(domain: string): boolean {
  return parse(domain, { extractHostname: false, allowPrivateDomains: false }).isIcann === true;
}
