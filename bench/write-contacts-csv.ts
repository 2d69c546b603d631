/**
 * Writes synthetic contacts (the generator bench:engine uses, seed 7) as a CSV for timing
 * `npm run dedupe` on a file it never saw:
 *   npx tsx bench/write-contacts-csv.ts <count> <file.csv>
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { generateContacts } from '../src/synthetic-crm';

const [count, file] = [Number(process.argv[2]), process.argv[3]];
if (!Number.isInteger(count) || count <= 0 || !file) {
  console.error('Usage: npx tsx bench/write-contacts-csv.ts <count> <file.csv>');
  process.exit(2);
}
const { records } = generateContacts(count, { seed: 7 });
const columns = [...new Set(records.slice(0, 10_000).flatMap((record) => Object.keys(record.properties)))];
// A field with a comma, a quote or a line break is quoted, its quotes doubled (RFC 4180).
const cell = (value: string | undefined) => (value === undefined ? '' : /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
// HubSpot's exports write dates as ISO 8601; the generator keeps epoch milliseconds.
const DATES = new Set(['createdate', 'lastmodifieddate']);
const exported = (column: string, value: string | undefined) => (value && DATES.has(column) && /^\d+$/.test(value) ? new Date(Number(value)).toISOString() : value);
const out = createWriteStream(file);
let lines = [['id', ...columns].join(',')];
for (const record of records) {
  lines.push([record.id, ...columns.map((column) => exported(column, record.properties[column]))].map(cell).join(','));
  if (lines.length >= 10_000) {
    if (!out.write(lines.join('\n') + '\n')) await once(out, 'drain');
    lines = [];
  }
}
out.end(lines.join('\n') + '\n');
await once(out, 'finish');
console.log(`${records.length} contacts, columns ${columns.join(', ')}, written to ${file}`);
