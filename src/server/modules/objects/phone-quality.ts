import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { normalizePhone } from '../../../engine';

export type PhoneProblem = 'unreadable' | 'needs-country-code';

/**
 * The country numbers without an international prefix are read as: the engine's default,
 * which scans use, so a flagged number is one duplicate detection cannot compare either.
 */
const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** Countries whose national numbers (with a leading 0) often reach a US portal without their country code. */
const NATIONAL_ELSEWHERE: readonly CountryCode[] = ['GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'CH', 'AT', 'IT', 'ES', 'SE', 'AU', 'NZ', 'IN', 'ZA', 'JP', 'BR'];

const INTERNATIONAL_PREFIX = /^\s*(\+|00)/;
const TRUNK_PREFIX = /^\s*\(?0[1-9]/;

/** Distinct values already judged: a portal's numbers repeat at every summary. */
const MEMO_LIMIT = 250_000;
const memo = new Map<string, PhoneProblem | null>();

/**
 * Why a phone value is not a usable phone number, or null when it is one: it must be a valid
 * number by libphonenumber's numbering plans, read like the engine's normalizer reads it
 * (extensions apart, numbers without a prefix as US numbers). So "12345", "123-456-7890" and
 * "n/a" are flagged. A national number of another country written without its country code
 * ("0161 266 7527") needs that code.
 */
export function phoneProblem(value: string): PhoneProblem | null {
  const known = memo.get(value);
  if (known !== undefined) return known;
  const problem = judge(value);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(value, problem);
  return problem;
}

function judge(value: string): PhoneProblem | null {
  if (value.trim() === '') return null;
  // Too few or too many digits for any number: the engine's normalizer gives up too.
  if (!normalizePhone(value, DEFAULT_PHONE_COUNTRY)) return 'unreadable';
  const international = INTERNATIONAL_PREFIX.test(value);
  // libphonenumber reads "+44 (0)20 ..." and extensions itself; "00" is the prefix outside North America.
  const text = international ? value.replace(/^\s*00/, '+') : value;
  if (parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY)?.isValid()) return null;
  if (international || !TRUNK_PREFIX.test(value)) return 'unreadable';
  return NATIONAL_ELSEWHERE.some((country) => parsePhoneNumberFromString(value, country)?.isValid() === true) ? 'needs-country-code' : 'unreadable';
}
