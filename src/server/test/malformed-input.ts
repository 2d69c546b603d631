import fc from 'fast-check';

/**
 * Malformed values for the fuzz suite: what a careless client, a broken proxy or an attacker
 * sends in a path, a query string or a JSON body. Fixed lists, plus a few values fast-check
 * draws from a seed, so every run sends the same requests.
 */

const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Values as they go on the wire in a URL: already percent-encoded (some deliberately wrongly). */
export const MALFORMED_URL_VALUES: readonly string[] = [
  '',
  '%20',
  'a'.repeat(5_000),
  '%00',
  'a%00b',
  '%01%1F%7F',
  '%C2%85%E2%80%A8',
  // A lone surrogate, an overlong NUL and a byte that is never UTF-8.
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%zz',
  '%25',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  '2147483647',
  '2147483648',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '+1',
  '%201%20',
  'true',
  'null',
  'undefined',
  '%5B%5D',
  '%7B%7D',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '%27%3B%20drop%20table%20users%3B--',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%F0%9F%98%80',
];

/** A query field given in shapes a query-string parser may turn into arrays or objects. */
export function malformedQueryShapes(name: string): string[] {
  return [`${name}=1&${name}=2`, `${name}[]=1`, `${name}[a]=1`, `${name}[__proto__]=1`, `__proto__[${name}]=1`, `constructor[prototype][${name}]=1`, name, `${name}=`];
}

/** Whole query strings, whatever the operation's fields. */
export const MALFORMED_QUERIES: readonly string[] = ['unexpected=1', '__proto__=1', 'constructor=1&prototype=1', '&&&', '=', `q=${'a'.repeat(100_000)}`, Array.from({ length: 1_000 }, (_, i) => `p${i}=${i}`).join('&')];

/** Headers a request may carry wrongly: broken or doubled session cookies, odd origins and forwarding. */
export const MALFORMED_HEADERS: readonly Record<string, string>[] = [
  { cookie: 'dc_session=%00' },
  { cookie: 'dc_session=%E0%A4%A' },
  { cookie: `dc_session=${'a'.repeat(8_000)}` },
  { cookie: 'dc_session; =;;;=' },
  { cookie: 'dc_session=a; dc_session=b' },
  { origin: 'null' },
  { origin: 'http://[::1' },
  { 'x-forwarded-for': 'not-an-address, %00' },
  { accept: 'text/event-stream' },
];

/** JSON texts of malformed values for one body field. */
export const MALFORMED_JSON_VALUES: readonly string[] = [
  ...[
    '',
    '   ',
    'x'.repeat(200_000),
    '\u0000',
    'a\u0000b',
    '\u0001\u001f\u007f',
    '\u2028\u2029\u0085',
    '\uD800',
    'a\uDFFFb',
    '\uFEFF',
    '😀'.repeat(1_000),
    '\u202Eabc',
    "'; drop table users; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'NaN',
    'Infinity',
    '-1',
    '2147483648',
    'true',
    'null',
    '__proto__',
    'constructor',
  ].map((text) => JSON.stringify(text)),
  // Numbers JSON.stringify cannot write: 1e309 parses as Infinity, big integers lose precision.
  '0',
  '-0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1e308',
  '1e309',
  '-1e309',
  '1e-400',
  '123456789012345678901234567890',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '[1,2,3]',
  '["a"]',
  '[null]',
  '{"a":1}',
  deepArray(5_000),
  deepObject(5_000),
  JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `v${i}`)),
  JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"prototype":{}}',
];

/** JSON texts of whole bodies, whatever the operation's fields. */
export const MALFORMED_BODIES: readonly { label: string; contentType?: string; payload?: string }[] = [
  { label: 'no body' },
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  ...['{', '{"a":', '[1,]', "{'a':1}", 'NaN', 'undefined', '{"a":1}garbage', '\u0000', 'null', '[]', '"text"', '123', 'true'].map((payload) => ({ label: 'not an object', contentType: 'application/json', payload })),
  { label: 'deep array', contentType: 'application/json', payload: deepArray(100_000) },
  { label: 'deep object', contentType: 'application/json', payload: deepObject(100_000) },
  { label: 'too large', contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
  { label: 'text', contentType: 'text/plain', payload: '{"a":1}' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&__proto__[b]=2' },
  { label: 'multipart', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  { label: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
  { label: 'utf-16 JSON', contentType: 'application/json; charset=utf-16le', payload: '{}' },
  { label: 'bad content type', contentType: ';;;', payload: '{}' },
];

/** Further values for one field, drawn from a seed: the same every run. */
export function seededJsonValues(seed: number, count = 6): string[] {
  return fc.sample(fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()), { seed, numRuns: count }).map((value) => JSON.stringify(value) ?? 'null');
}

export function seededUrlValues(seed: number, count = 4): string[] {
  return fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed, numRuns: count }).map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')));
}

/** A stable seed per field, so adding a field does not change the others' values. */
export function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}
