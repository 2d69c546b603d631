import fs from 'node:fs';

export type CsvRow = { line: number; fields: string[] } | { line: number; error: string };

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
  let pending: { line: number; text: string }[] = [];
  let lineNumber = 0;
  let batch: CsvRow[] = [];
  for await (const lines of fileLines(file)) {
    for (const raw of lines) {
      lineNumber++;
      const text = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      // Most lines hold no quote: their fields are what lies between the commas.
      if (pending.length === 0 && !text.includes('"')) {
        if (text !== '') batch.push({ line: lineNumber, fields: text.split(',') });
      } else feed({ line: lineNumber, text }, false);
    }
    if (batch.length > 0) yield batch;
    batch = [];
  }
  settle(true);
  if (batch.length > 0) yield batch;

  function feed(entry: { line: number; text: string }, atEnd: boolean): void {
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
      const line = pending[0]!.line;
      pending = [];
      if (!(parsed.length === 1 && parsed[0] === '')) batch.push({ line, fields: parsed });
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

/** The file's lines, a chunk's worth at a time; a line ends at \n, \r\n or \r, as readline's do. */
async function* fileLines(file: string): AsyncGenerator<string[]> {
  let carry = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = carry + (chunk as string);
    // A \r at the end may be the first half of \r\n: wait for the next chunk.
    const cut = text.endsWith('\r') ? text.length - 1 : text.length;
    const lines = text.slice(0, cut).split(LINE_BREAK);
    carry = lines.pop()! + text.slice(cut);
    yield lines;
  }
  if (carry.endsWith('\r')) carry = carry.slice(0, -1);
  if (carry !== '') yield [carry];
}

const LINE_BREAK = /\r\n|\n|\r/;

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
