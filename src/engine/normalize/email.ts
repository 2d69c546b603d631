import { asText } from './text';

/** Providers that deliver `name+tag@` to `name@`. */
const PLUS_TAG_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com',
  'mac.com', 'fastmail.com', 'fastmail.fm', 'proton.me', 'protonmail.com', 'pm.me', 'hey.com', 'zoho.com',
]);
/** Providers that ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
// A Map, not an object: a property named by a fresh string costs a lookup in V8's string table.
const DOMAIN_ALIASES: ReadonlyMap<string, string> = new Map([['googlemail.com', 'gmail.com']]);
const FREE_MAIL_DOMAINS = new Set([
  ...PLUS_TAG_DOMAINS, 'yahoo.com', 'ymail.com', 'aol.com', 'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 'mail.com',
  'yandex.com', 'yandex.ru', 'mail.ru', 'qq.com', '163.com', '126.com', 'comcast.net', 'verizon.net', 'att.net',
  'btinternet.com', 'orange.fr', 'free.fr', 'laposte.net', 'libero.it', 't-online.de', 'bigpond.com', 'yahoo.co.uk',
  'hotmail.co.uk', 'hotmail.fr', 'live.co.uk', 'outlook.fr', 'sky.com', 'rediffmail.com', 'naver.com',
]);

export interface NormalizedEmail {
  /** The address as compared: lower case, and with provider-ignored dots and tags removed when normalizing. */
  address: string;
  local: string;
  domain: string;
  /** A webmail domain says nothing about the company. */
  freeMail: boolean;
}

const SIMPLE_EMAIL = /^[^\s@<>(),;:"]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * `normalize` false keeps the address as typed apart from case and surrounding space.
 * Returns null for anything that is not an address.
 */
export function normalizeEmail(value: unknown, normalize = true): NormalizedEmail | null {
  let text = asText(value).toLowerCase();
  // Most addresses need none of the clean-up: one test finds those that do.
  if (normalize && NEEDS_CLEANING.test(text)) {
    // "Jane <jane@x.com>": keep the part in angle brackets.
    const bracketed = /<([^>]+)>/.exec(text);
    if (bracketed?.[1]) text = bracketed[1];
    text = text.replace(/^mailto:/, '').replace(/\s+/g, '').replace(/\.+$/, '');
  }
  if (!SIMPLE_EMAIL.test(text)) return null;
  const at = text.lastIndexOf('@');
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  let changed = false;
  if (normalize) {
    const alias = DOMAIN_ALIASES.get(domain);
    if (alias !== undefined) {
      domain = alias;
      changed = true;
    }
    if (PLUS_TAG_DOMAINS.has(domain) && local.includes('+')) {
      local = local.split('+')[0] ?? local;
      changed = true;
    }
    if (DOTLESS_DOMAINS.has(domain) && local.includes('.')) {
      local = local.replaceAll('.', '');
      changed = true;
    }
    if (local === '') return null;
  }
  return { address: changed ? `${local}@${domain}` : text, local, domain, freeMail: FREE_MAIL_DOMAINS.has(domain) };
}

const NEEDS_CLEANING = /[<\s]|^mailto:|\.$/;
