import fs from 'node:fs';

/** A row's fields, with where its text lies in the file (bytes start..end-1), to read it again. */
export type CsvRow = { line: number; fields: string[]; start: number; end: number } | { line: number; error: string };

/** A line's text and where it lies in the file. */
interface Line {
  line: number;
  text: string;
  start: number;
  end: number;
}

/** A quoted field may hold line breaks, but not this many: past it, the quote is broken. */
const MAX_LINES_IN_A_FIELD = 50;

/**
 * Rows of a CSV file (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes)
 * with the line each starts on. A row whose quote never closes is reported as an error
 * and the lines after it are read again as rows of their own, so one bad row cannot
 * swallow the rest of the file. `fieldCount` (once known, from the header) tells a
 * genuine multi-line field from a stray quote that a later quote happened to close.
 * Rows come in batches, one per megabyte read: a million rows one await each cost seconds.
 */
export async function* csvRowBatches(file: string, fieldCount: () => number | undefined = () => undefined): AsyncGenerator<CsvRow[]> {
  let pending: Line[] = [];
  let lineNumber = 0;
  let batch: CsvRow[] = [];
  for await (const { lines, starts, ends } of fileLines(file)) {
    for (let k = 0; k < lines.length; k++) {
      lineNumber++;
      const raw = lines[k]!;
      const text = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      // Most lines hold no quote: their fields are what lies between the commas.
      if (pending.length === 0 && !text.includes('"')) {
        if (text !== '') batch.push({ line: lineNumber, fields: text.split(','), start: starts[k]!, end: ends[k]! });
      } else feed({ line: lineNumber, text, start: starts[k]!, end: ends[k]! }, false);
    }
    if (batch.length > 0) yield batch;
    batch = [];
  }
  settle(true);
  if (batch.length > 0) yield batch;

  function feed(entry: Line, atEnd: boolean): void {
    pending.push(entry);
    settle(atEnd);
  }

  /** Emits the pending record once its quotes close; gives up on its first line when they never do. */
  function settle(atEnd: boolean): void {
    if (pending.length === 0) return;
    const parsed = parseRecord(pending.map((p) => p.text).join('\n'));
    const expected = fieldCount();
    const strayQuote = parsed !== null && pending.length > 1 && expected !== undefined && parsed.length !== expected;
    if (parsed && !strayQuote) {
      const [{ line, start }, { end }] = [pending[0]!, pending.at(-1)!];
      pending = [];
      if (!(parsed.length === 1 && parsed[0] === '')) batch.push({ line, fields: parsed, start, end });
      return;
    }
    if (!strayQuote && !atEnd && pending.length < MAX_LINES_IN_A_FIELD) return;
    const [broken, ...rest] = pending;
    pending = [];
    batch.push({ line: broken!.line, error: 'a quoted field is never closed' });
    for (const [k, entry] of rest.entries()) feed(entry, atEnd && k === rest.length - 1);
  }
}

/** Rows one at a time (see csvRowBatches). */
export async function* csvRows(file: string, fieldCount: () => number | undefined = () => undefined): AsyncGenerator<CsvRow> {
  for await (const batch of csvRowBatches(file, fieldCount)) yield* batch;
}

/**
 * The rows that lie at these places in the file (see CsvRow's start and end, in increasing
 * order), read again: the file is read in windows of about a megabyte that span several of
 * them, not a read a row.
 */
export async function csvRowsAt(file: string, places: readonly { start: number; end: number }[]): Promise<string[][]> {
  const rows: string[][] = [];
  const handle = await fs.promises.open(file);
  try {
    let buffer = Buffer.alloc(WINDOW);
    for (let first = 0; first < places.length; ) {
      const from = places[first]!.start;
      let last = first;
      while (last + 1 < places.length && places[last + 1]!.end - from <= WINDOW) last++;
      const length = places[last]!.end - from;
      if (length > buffer.length) buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, from);
      if (bytesRead < length) throw new Error(`${file} changed while it was being read`);
      for (let k = first; k <= last; k++) {
        // Lines of one row were joined by \n when it was read: so they are again.
        const text = buffer.toString('utf8', places[k]!.start - from, places[k]!.end - from);
        const fields = text.includes('"') ? parseRecord(text.replace(/\r\n?/g, '\n')) : text.split(',');
        if (!fields) throw new Error(`${file} changed while it was being read`);
        rows.push(fields);
      }
      first = last + 1;
    }
  } finally {
    await handle.close();
  }
  return rows;
}

const WINDOW = 1 << 20;

/**
 * Bytes read at a time: a chunk's rows live until they are records, and a quarter of a
 * megabyte's (about 1,200 contacts) die in V8's young generation where a megabyte's outlived
 * it and had to be moved (a million contacts read 1-3 s faster, with less memory at the peak).
 */
const READ_CHUNK = 1 << 18;

/**
 * The file's lines, a chunk's worth at a time, with where each lies in the file (bytes
 * start..end-1, its line break left out); a line ends at \n, \r\n or \r, as readline's do.
 * Each line is decoded from the bytes on its own: a field longer than a dozen characters is a
 * slice of the text it was cut from, which lives as long as the field, and a line is a small
 * fraction of a chunk (held twice over in UTF-16 when one name in it has an accent).
 */
async function* fileLines(file: string): AsyncGenerator<{ lines: string[]; starts: number[]; ends: number[] }> {
  let carry: Buffer | null = null;
  // Where in the file `bytes` begins.
  let base = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: READ_CHUNK })) {
    const bytes: Buffer = carry ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const lines: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    let start = 0;
    let lf = bytes.indexOf(LF, start);
    let cr = bytes.indexOf(CR, start);
    for (;;) {
      if (lf !== -1 && lf < start) lf = bytes.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = bytes.indexOf(CR, start);
      const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      // A \r at the end may be the first half of \r\n: wait for the next chunk.
      if (end === -1 || (end === cr && cr === bytes.length - 1)) break;
      lines.push(bytes.toString('utf8', start, end));
      starts.push(base + start);
      ends.push(base + end);
      start = end === cr && bytes[cr + 1] === LF ? cr + 2 : end + 1;
    }
    carry = bytes.subarray(start);
    base += start;
    yield { lines, starts, ends };
  }
  if (!carry || carry.length === 0) return;
  const end = carry.at(-1) === CR ? carry.length - 1 : carry.length;
  if (end > 0) yield { lines: [carry.toString('utf8', 0, end)], starts: [base], ends: [base + end] };
}

const LF = 10;
const CR = 13;

/** Fields of one record, or null when a quoted field is still open at the end of the text. */
function parseRecord(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}
