import { normalizeDomain } from './domain';
import { normalizeEmail } from './email';
import { asText } from './text';

/**
 * Hosts on which many unrelated small firms have their page: the page is the company's
 * site ("facebook.com/joesplumbing", "joes.business.site"), the host alone tells nothing.
 */
const SHARED_HOSTS = new Set([
  'facebook.com', 'fb.com', 'instagram.com', 'linkedin.com', 'twitter.com', 'x.com', 'youtube.com', 'tiktok.com', 'yelp.com',
  'business.site', 'wixsite.com', 'wordpress.com', 'blogspot.com', 'squarespace.com', 'weebly.com', 'godaddysites.com',
  'square.site', 'myshopify.com', 'webflow.io', 'carrd.co', 'linktr.ee', 'google.com', 'sites.google.com',
]);
/** Path words that come before the page's own name on a shared host. */
const PATH_PREFIXES = new Set(['company', 'pages', 'pg', 'biz', 'in', 'view', 'site', 'sites', 'channel', 'c', 'user', 'people', '@']);

/**
 * The site that identifies a company, from its HubSpot domain and website: the registrable
 * domain ("example.co.uk"), or for a page on a shared host the host and the page
 * ("facebook.com/joesplumbing"). '' when neither value names one: no value, a webmail
 * domain, or a shared host without its page (HubSpot's domain is "facebook.com" for every
 * company whose website is a Facebook page, so the website is read next).
 */
export function companySite(...values: readonly unknown[]): string {
  for (const value of values) {
    const domain = normalizeDomain(value);
    if (domain === null || normalizeEmail(`x@${domain}`)?.freeMail) continue;
    if (!SHARED_HOSTS.has(domain)) return domain;
    const page = pageOn(asText(value).toLowerCase(), domain);
    if (page !== '') return `${domain}/${page}`;
  }
  return '';
}

/** The page's name in a URL on a shared host: the label before the host, else the first path word that names it. */
function pageOn(url: string, host: string): string {
  const [name = '', ...path] = url.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[?#].*$/, '').split('/');
  const labels = name.replace(/:\d+$/, '').slice(0, -host.length).split('.').filter((label) => label !== '' && label !== 'www' && label !== 'm');
  if (labels.length > 0) return labels.at(-1)!;
  const words = path.map((word) => word.replace(/^@/, '')).filter((word) => word !== '' && !PATH_PREFIXES.has(word));
  return words[0] ?? '';
}
