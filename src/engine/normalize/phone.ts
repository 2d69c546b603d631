import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { asText } from './text';

export interface NormalizedPhone {
  /** E.164 (+14155552671) when the number parses; otherwise its digits. */
  number: string;
  /** Extension, kept apart so "x12" does not make two numbers differ. */
  extension: string;
  /** The last seven digits: survive a missing or wrong country or area code. */
  tail: string;
}

const EXTENSION = /\s*(?:#|x|ext\.?|extension|poste|durchwahl)\s*(\d{1,6})\s*$/i;

/**
 * `normalize` false compares the digits as typed. `defaultCountry` is the portal's country,
 * used for numbers written without an international prefix; `recordCountry`, the record's
 * own country (an ISO code, any case) where it has one, takes its place: "0911 2447145"
 * at a German address is +499112447145, as "+49 911 2447145" is.
 */
export function normalizePhone(value: unknown, defaultCountry: CountryCode = 'US', normalize = true, recordCountry = ''): NormalizedPhone | null {
  const text = asText(value);
  if (text === '') return null;
  const ext = EXTENSION.exec(text);
  const main = ext ? text.slice(0, ext.index) : text;
  const extension = ext?.[1] ?? '';
  const digits = main.replace(/\D+/g, '');
  if (digits.length < 5 || digits.length > 17) return null;
  if (!normalize) return { number: digits, extension, tail: digits.slice(-7) };
  const country = homeCountry(recordCountry, defaultCountry);
  const fast = northAmerican(main, digits, country);
  if (fast) return { number: fast, extension, tail: fast.slice(-7) };
  const prefixed = /^\s*(\+|00)/.test(main);
  // Written nationally in North America yet not ten digits: no number there, whatever
  // libphonenumber would make of it at 15 µs a call ("0911 2447145" as +109112447145).
  // 011 is the international prefix dialled from there.
  // Words around a number ("tel:", "(cell)") are left for libphonenumber to read past.
  if (!prefixed && NANP_COUNTRIES.has(country) && !digits.startsWith('011') && !LETTER.test(main)) return { number: digits, extension, tail: digits.slice(-7) };
  const international = prefixed ? `+${main.trim().startsWith('+') ? digits : digits.slice(2)}` : main;
  const parsed = parsePhoneNumberFromString(international, country);
  const number = parsed && parsed.isPossible() ? parsed.number : digits;
  const nationalDigits = parsed ? parsed.nationalNumber : digits;
  return { number, extension: extension || (parsed?.ext ?? ''), tail: nationalDigits.slice(-7) };
}

const homeCountries = new Map<string, CountryCode | null>();

/** The record's country where libphonenumber knows it, else the portal's. */
function homeCountry(recordCountry: string, defaultCountry: CountryCode): CountryCode {
  if (recordCountry.length !== 2) return defaultCountry;
  let known = homeCountries.get(recordCountry);
  if (known === undefined) {
    const code = recordCountry.toUpperCase();
    homeCountries.set(recordCountry, (known = isSupportedCountry(code) ? (code as CountryCode) : null));
  }
  return known ?? defaultCountry;
}

const NANP_COUNTRIES = new Set(['US', 'CA', 'PR']);
const LETTER = /[a-z]/i;

/**
 * Most numbers in a North American portal are ten digits with or without a leading 1:
 * their E.164 form is plain arithmetic, and libphonenumber (15 µs a call) is left for
 * the rest. Gives exactly what libphonenumber would for these numbers.
 */
function northAmerican(text: string, digits: string, country: string): string | null {
  if (!NANP_COUNTRIES.has(country) || LETTER.test(text)) return null;
  const plus = text.trimStart().startsWith('+');
  if (!plus && digits.length === 10 && digits.charCodeAt(0) >= 50 /* 2-9 */) return `+1${digits}`;
  if (digits.length === 11 && digits[0] === '1' && digits.charCodeAt(1) >= 50 && (plus || !text.trimStart().startsWith('00'))) return `+${digits}`;
  return null;
}
