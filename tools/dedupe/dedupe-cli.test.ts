import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mapColumns } from './column-mapping';
import { csvRows, csvRowsAt, type CsvRow } from './csv-rows';
import { openCsvRecords } from './read-csv-records';
import { resultsCsv, resultsJson } from './write-results';
import { findDuplicates, findDuplicatesInParallel, memberPlaces, type EngineRecord } from '../../src/engine';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dedupe-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function dedupe(...args: string[]) {
  const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'tools/dedupe.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 50_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const hubspotExport = [
  'Record ID,First Name,Last Name,Email,Phone Number,City,Favourite Colour',
  '101,Robert,Smith,robert.smith@acme.com,(415) 555-2671,Boston,blue',
  '102,Bob,Smith,Robert.Smith@acme.com,415.555.2671,Boston,red',
  '103,Jane,"Doe, broken',
  '104,Alice,Jones,alice@x.com,,Denver,green,extra',
  '105,Carol,White,carol@y.com,617-555-0199,Austin,',
  '106,"Dan ""The Man""",Brown,"dan@z.com",,"Salt Lake\nCity",',
].join('\n');

// Each case starts the command in a process of its own: tens of seconds on a busy machine.
describe('npm run dedupe', { timeout: 60_000 }, () => {
  it('writes one CSV row per record with its group, and reports skipped lines by number', () => {
    const input = write('contacts.csv', hubspotExport);
    const out = path.join(dir, 'out.csv');
    const run = dedupe(input, '--type', 'contacts', '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('skipped line 4: a quoted field is never closed');
    expect(run.stderr).toContain('skipped line 5: has 8 fields where the header has 7');
    expect(run.stderr).toContain('columns used: firstname, lastname, email, phone, city');
    expect(run.stdout).toMatch(/records\s+4/);
    expect(run.stdout).toMatch(/skipped lines\s+2/);
    expect(run.stdout).toMatch(/duplicate groups\s+1 \(2 records\)/);
    const rows = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('id,group_id,confidence,suggested_primary');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 2).join(','))).toEqual(['101,101', '102,101', '105,', '106,']);
  });

  it('writes the groups with explanations as JSON', () => {
    const input = write('contacts2.csv', hubspotExport);
    const out = path.join(dir, 'out.json');
    expect(dedupe(input, '--type', 'contacts', '--out', out).code).toBe(0);
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(json.summary).toMatchObject({ objectType: 'contacts', records: 4, groups: 1, pairsCompared: expect.any(Number), seconds: expect.any(Number) });
    const pair = json.groups[0].pairs[0];
    expect(pair.fields.find((f: { field: string }) => f.field === 'email')).toMatchObject({ level: 'exact match', valueA: 'robert.smith@acme.com' });
  });

  it('writes the JSON in pieces, a group at a time, as JSON.stringify would write it whole', () => {
    const records: EngineRecord[] = Array.from({ length: 2_400 }, (_, i) => {
      const person = Math.floor(i / 2);
      return { id: `r-${i}`, properties: { firstname: `Name${person}`, lastname: `Family${person % 700}`, email: `person${person}@example.com`, city: i % 2 ? 'Boston' : 'Bostn' } };
    });
    const result = findDuplicates(records, 'contacts');
    expect(result.groups.length).toBeGreaterThan(1_000);
    const pieces = [...resultsJson(result, 1.234)];
    // The opening, a piece a thousand groups, the closing.
    expect(pieces.length).toBe(Math.ceil(result.groups.length / 1_000) + 2);
    const whole = { summary: { objectType: 'contacts', records: 2_400, pairsCompared: result.pairsCompared, groups: result.groups.length, recordsInGroups: result.duplicateRecordCount, seconds: 1.23, threshold: result.threshold }, groups: result.groups, blocking: result.blocking, model: result.model, settings: result.settings };
    expect(pieces.join('')).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    const none = { ...result, groups: [], duplicateRecordCount: 0 };
    expect([...resultsJson(none, 1)].join('')).toBe(`${JSON.stringify({ ...whole, summary: { ...whole.summary, groups: 0, recordsInGroups: 0, seconds: 1 }, groups: [] }, null, 2)}\n`);
  });

  it('writes a CSV row per record in its place, whether the groups say where their records stand or only name them', () => {
    const records: EngineRecord[] = Array.from({ length: 2_400 }, (_, i) => {
      const person = Math.floor(i / 2);
      return { id: `r-${i}`, properties: { firstname: `Name${person}`, lastname: `Family${person % 700}`, email: `person${person}@example.com` } };
    });
    const result = findDuplicates(records, 'contacts');
    const csv = (ids: string[], groups = result.groups) => {
      const places = new Map(ids.map((id, i) => [id, i]));
      return [...resultsCsv(ids, { ...result, groups }, (id) => places.get(id) ?? -1)].join('').trim().split('\n');
    };
    const ids = records.map((record) => record.id);
    // The scan says where each group's records stand: the writer need not look them up.
    for (const group of result.groups.slice(0, 50)) expect(memberPlaces(group)?.map((at) => ids[at]).sort()).toEqual(group.recordIds);
    const rows = csv(ids);
    expect(rows[0]).toBe('id,group_id,confidence,suggested_primary');
    // Each person's two records in one group, one of them its suggested primary.
    expect(rows[1]).toMatch(/^r-0,r-0,[\d.]+,(true|false)$/);
    expect(rows[2]).toMatch(/^r-1,r-0,[\d.]+,(true|false)$/);
    expect(rows.slice(1).filter((row) => row.endsWith(',true'))).toHaveLength(result.groups.length);
    // Copies of the groups (as read back from storage) know only their records' ids.
    expect(csv(ids, result.groups.map((group) => ({ ...group })))).toEqual(rows);
    // Records held in another order than the scan's: each row still names its own group.
    expect(csv([...ids].reverse()).slice(1).reverse()).toEqual(rows.slice(1));
    // Or with an id written twice before them (the scan compared the first): the places the
    // scan gives name one record twice and another not at all, and are not taken.
    const repeated = csv([ids[0]!, ...ids]);
    expect(repeated.slice(2)).toEqual(rows.slice(1));
  });

  it('maps other column names with --map and takes ids from --id', () => {
    const input = write('orgs.csv', 'Ref,Organisation,Web\nA,Acme Inc,https://acme.com\nB,ACME LLC,www.acme.com/contact\nC,Globex,globex.com\n');
    const run = dedupe(input, '--type', 'companies', '--map', 'Organisation=name', '--map', 'Web=website', '--id', 'Ref');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('A, B');
  });

  it('reads a job title from the names spreadsheets give it: Occupation, Position, Title', () => {
    for (const title of ['Occupation', 'Position', 'Job Title', 'title']) {
      const mapping = mapColumns(['First Name', title], 'contacts', {});
      expect(mapping.unmapped).toEqual([]);
      expect([...mapping.properties.entries()]).toContainEqual(['jobtitle', 1]);
    }
  });

  it('explains bad arguments and exits with 2', () => {
    expect(dedupe().stderr).toContain('Name the CSV file to read.');
    const wrongType = dedupe(write('x.csv', 'a\n1\n'), '--type', 'people');
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain('--type must be one of contacts, companies, deals, tickets');
    expect(dedupe(path.join(dir, 'missing.csv'), '--type', 'contacts').stderr).toContain('No such file');
    expect(dedupe(write('y.csv', 'colour\nred\n'), '--type', 'contacts').stderr).toContain('No column maps to a contacts property');
    expect(dedupe(write('z.csv', 'email\na@b.com\n'), '--type', 'contacts', '--map', 'Nope=email').stderr).toContain('--map names a column that is not in the file: Nope');
    expect(dedupe(write('w.csv', 'email\na@b.com\n'), '--type', 'contacts', '--map', 'a=b=c').stderr).toContain('--map takes <column>=<property>, not a=b=c.');
    const unwritable = dedupe(write('v.csv', 'email\na@b.com\n'), '--type', 'contacts', '--out', path.join(dir, 'no-such-folder', 'out.csv'));
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain('its folder does not exist or is not writable');
  });
});

/** Rows as line and fields (or error), without where they lie in the file. */
async function readRows(file: string) {
  const rows: CsvRow[] = [];
  for await (const row of csvRows(file)) rows.push(row);
  return { rows, plain: rows.map((row) => ('fields' in row ? { line: row.line, fields: row.fields } : row)) };
}

describe('openCsvRecords', () => {
  it('gives the engine threads packed pages that find what the records held whole find, skipping what they skip', async () => {
    const lines = ['Record ID,First Name,Last Name,Email,Phone Number,City,Notes'];
    for (let i = 0; i < 400; i++) lines.push(`${1000 + i},Person${i % 150},Family${i % 170},p${i % 150}.f${i % 170}@mail${i % 7}.com,(415) 555-${String(1000 + (i % 150)).slice(-4)},Boston,"note, ${i}"`);
    lines.splice(50, 0, '2000,Broken,Row');
    lines.push('1003,Repeated,Id,r@x.com,,Denver,');
    const file = write('packed.csv', lines.join('\n') + '\n');
    const stream = await openCsvRecords(file, 'contacts', { map: {} });
    const streamed = await findDuplicatesInParallel(stream.source, 'contacts', { threads: 2, minParallelRecords: 50, prepareChunk: 30 });
    const again = await openCsvRecords(file, 'contacts', { map: {} });
    const records: EngineRecord[] = [];
    for await (const batch of again.source.batches) records.push(...batch);
    expect(records).toHaveLength(400);
    expect(stream.ids).toEqual(records.map((record) => record.id));
    expect(stream.skipped.map((row) => row.line)).toEqual([51, 403]);
    // Where each id was read (its first record's place), for writing the results: none for a skipped row's.
    expect([stream.indexOf('1003'), stream.indexOf('1399'), stream.indexOf('2000'), stream.indexOf('')]).toEqual([3, 399, -1, -1]);
    const { timingsMs: _a, ...withPages } = streamed;
    const { timingsMs: _b, ...whole } = findDuplicates(records, 'contacts');
    expect(withPages).toEqual(whole);
    expect(withPages.groups.length).toBeGreaterThan(20);
  });
});

describe('csvRows', () => {
  it('reads quoted fields, doubled quotes and line breaks inside quotes', async () => {
    const text = 'a,b\n"x, y","say ""hi"""\n"multi\nline",z\n';
    const { rows, plain } = await readRows(write('q.csv', text));
    // Where each row lies: its text, line breaks inside quotes included.
    expect(rows.map((row) => 'start' in row && text.slice(row.start, row.end))).toEqual(['a,b', '"x, y","say ""hi"""', '"multi\nline",z']);
    expect(plain).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'z'] },
    ]);
  });

  it('ends lines at \\n, \\r\\n and \\r, skips blank lines and a byte-order mark, and numbers lines as an editor does', async () => {
    const { plain } = await readRows(write('crlf.csv', '\uFEFFa,b\r\n1,2\r\n\r\n3,4\r5,6\n"7\r\n8",9'));
    expect(plain).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 4, fields: ['3', '4'] },
      { line: 5, fields: ['5', '6'] },
      { line: 6, fields: ['7\n8', '9'] },
    ]);
  });

  it('reads a file of several megabytes whole: rows, a quoted line break and a \\r\\n cut across its chunks keep their line numbers', async () => {
    // Rows of 100 characters and a chunk of 1 MiB: chunk boundaries fall inside rows.
    const filler = 'x'.repeat(94);
    const lines = ['id,text'];
    for (let i = 0; i < 30_000; i++) lines.push(i % 7_001 === 0 ? `${String(i).padStart(4, '0')},"${filler.slice(0, 40)}\r\n${filler.slice(0, 40)}"` : `${String(i).padStart(4, '0')},${filler}`);
    const file = write('big.csv', `${lines.join('\r\n')}\r\n`);
    const { rows: all, plain: rows } = await readRows(file);
    expect(rows).toHaveLength(30_001);
    expect(rows.every((row) => 'fields' in row && row.fields.length === 2)).toBe(true);
    // Each multi-line row pushes the line numbers after it down by one.
    const last = rows.at(-1)!;
    expect(last).toEqual({ line: 30_001 + Math.ceil(30_000 / 7_001), fields: ['29999', filler] });
    const quoted = rows.find((row) => 'fields' in row && row.fields[0] === '7001');
    // Row i starts on line i + 2, one more for row 0's two lines.
    expect(quoted).toEqual({ line: 7_004, fields: ['7001', `${filler.slice(0, 40)}\n${filler.slice(0, 40)}`] });
    // Read again by where they lie, every few rows and the quoted ones, across the chunks.
    const some = all.filter((row, k): row is Extract<CsvRow, { fields: string[] }> => 'fields' in row && (k % 97 === 0 || row.fields[1]!.includes('\n')));
    expect(await csvRowsAt(file, some)).toEqual(some.map((row) => row.fields));
  });

  it('reads rows again by where they lie in bytes, past names with accents and quoted line breaks', async () => {
    const file = write('accents.csv', 'name,city\nJörg Müller,Zürich\n"Zoë\r\nO\'Brien","São, Paulo"\nRenée,Besançon\n');
    const { rows } = await readRows(file);
    const records = rows.slice(1) as Extract<CsvRow, { fields: string[] }>[];
    expect(await csvRowsAt(file, records)).toEqual([['Jörg Müller', 'Zürich'], ["Zoë\nO'Brien", 'São, Paulo'], ['Renée', 'Besançon']]);
    expect(await csvRowsAt(file, [records[2]!])).toEqual([['Renée', 'Besançon']]);
  });
});
