/** The calls the examples show; bodies are what an integrator would send first. */
export interface ExampleCall {
  id: 'scan' | 'duplicates' | 'match';
  title: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export const EXAMPLE_CALLS: readonly ExampleCall[] = [
  { id: 'scan', title: 'Start a scan', method: 'POST', path: '/api/v1/scans', body: { objectTypes: ['contacts', 'companies'] } },
  { id: 'duplicates', title: 'List duplicate groups', method: 'GET', path: '/api/v1/duplicates?objectType=contacts&page=1' },
  { id: 'match', title: 'Check one contact before creating it', method: 'POST', path: '/api/v1/contacts/match', body: { properties: { email: 'jane.doe@example.com', firstname: 'Jane', lastname: 'Doe', company: 'Acme Inc.' } } },
];

export type ExampleLanguage = 'curl' | 'javascript' | 'python';
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

const json = (body: unknown, indent: number) => JSON.stringify(body, null, 2).replace(/\n/g, `\n${' '.repeat(indent)}`);

/** A copy-ready snippet of one call against this server's public origin, with a placeholder key. */
export function exampleSnippet(language: ExampleLanguage, call: ExampleCall, origin: string): string {
  const url = `${origin}${call.path}`;
  const hasBody = call.body !== undefined;
  if (language === 'curl') {
    const lines = [`curl -X ${call.method} '${url}'`, `  -H 'Authorization: Bearer ${API_KEY_PLACEHOLDER}'`];
    if (hasBody) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(call.body)}'`);
    return lines.join(' \\\n');
  }
  if (language === 'javascript') {
    const options = [`  method: '${call.method}',`, `  headers: {`, `    Authorization: 'Bearer ${API_KEY_PLACEHOLDER}',`];
    if (hasBody) options.push(`    'Content-Type': 'application/json',`);
    options.push('  },');
    if (hasBody) options.push(`  body: JSON.stringify(${json(call.body, 2)}),`);
    return ['// Node 18+ on your server: an API key must never reach a browser.', `const response = await fetch('${url}', {`, ...options, '});', 'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);', 'const data = await response.json();', 'console.log(data);'].join('\n');
  }
  const args = [`    '${url}',`, `    headers={'Authorization': 'Bearer ${API_KEY_PLACEHOLDER}'},`];
  if (hasBody) args.push(`    json=${json(call.body, 4).replace(/\bnull\b/g, 'None')},`);
  args.push('    timeout=30,');
  return ['import requests', '', `response = requests.${call.method.toLowerCase()}(`, ...args, ')', 'response.raise_for_status()', 'print(response.json())'].join('\n');
}

/** How a receiver checks a delivery: the recipe of the API docs, in Node (Express) and Python (Flask). */
export const WEBHOOK_VERIFY_SNIPPETS: Record<'javascript' | 'python', string> = {
  javascript: [
    "import crypto from 'node:crypto';",
    '',
    "// Express: app.post('/hooks/datacleaner', express.raw({ type: 'application/json' }), handler)",
    'function verify(rawBody, headers, secret) {',
    "  const timestamp = headers['x-datacleaner-timestamp'];",
    "  const expected = 'v1=' + crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');",
    "  const given = Buffer.from(headers['x-datacleaner-signature'] ?? '');",
    '  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;',
    '  return fresh && given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));',
    '}',
  ].join('\n'),
  python: [
    'import hashlib, hmac, time',
    '',
    '# Flask: raw_body = request.get_data()',
    'def verify(raw_body: bytes, headers, secret: str) -> bool:',
    "    timestamp = headers['X-DataCleaner-Timestamp']",
    "    expected = 'v1=' + hmac.new(secret.encode(), f'{timestamp}.'.encode() + raw_body, hashlib.sha256).hexdigest()",
    '    fresh = abs(time.time() - int(timestamp)) < 300',
    "    return fresh and hmac.compare_digest(expected, headers.get('X-DataCleaner-Signature', ''))",
  ].join('\n'),
};
