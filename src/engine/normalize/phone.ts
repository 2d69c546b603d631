import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
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
 * used for numbers written without an international prefix.
 */
export function normalizePhone(value: unknown, defaultCountry: CountryCode = 'US', normalize = true): NormalizedPhone | null {
  const text = asText(value);
  if (text === '') return null;
  const ext = EXTENSION.exec(text);
  const main = ext ? text.slice(0, ext.index) : text;
  const extension = ext?.[1] ?? '';
  const digits = main.replace(/\D+/g, '');
  if (digits.length < 5 || digits.length > 17) return null;
  if (!normalize) return { number: digits, extension, tail: digits.slice(-7) };
  const international = /^\s*(\+|00)/.test(main) ? `+${main.trim().startsWith('+') ? digits : digits.slice(2)}` : main;
  const parsed = parsePhoneNumberFromString(international, defaultCountry);
  const number = parsed && parsed.isPossible() ? parsed.number : digits;
  const nationalDigits = parsed ? parsed.nationalNumber : digits;
  return { number, extension: extension || (parsed?.ext ?? ''), tail: nationalDigits.slice(-7) };
}
