import fs from 'node:fs';
import readline from 'node:readline';

export type CsvRow = { line: number; fields: string[] } | { line: number; error: string };

/** A quoted field may hold line breaks, but not this many: past it, the quote is broken. */
const MAX_LINES_IN_A_FIELD = 50;

/**
 * Rows of a CSV file (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes)
 * with the line each starts on. A row whose quote never closes is reported as an error
 * and the lines after it are read again as rows of their own, so one bad row cannot
 * swallow the rest of the file. `fieldCount` (once known, from the header) tells a
 * genuine multi-line field from a stray quote that a later quote happened to close.
 */
export async function* csvRows(file: string, fieldCount: () => number | undefined = () => undefined): AsyncGenerator<CsvRow> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let pending: { line: number; text: string }[] = [];
  let lineNumber = 0;
  for await (const raw of lines) {
    lineNumber++;
    yield* feed({ line: lineNumber, text: lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw }, false);
  }
  yield* settle(true);

  function* feed(entry: { line: number; text: string }, atEnd: boolean): Generator<CsvRow> {
    pending.push(entry);
    yield* settle(atEnd);
  }

  /** Emits the pending record once its quotes close; gives up on its first line when they never do. */
  function* settle(atEnd: boolean): Generator<CsvRow> {
    if (pending.length === 0) return;
    const parsed = parseRecord(pending.map((p) => p.text).join('\n'));
    const expected = fieldCount();
    const strayQuote = parsed !== null && pending.length > 1 && expected !== undefined && parsed.length !== expected;
    if (parsed && !strayQuote) {
      const line = pending[0]!.line;
      pending = [];
      if (!(parsed.length === 1 && parsed[0] === '')) yield { line, fields: parsed };
      return;
    }
    if (!strayQuote && !atEnd && pending.length < MAX_LINES_IN_A_FIELD) return;
    const [broken, ...rest] = pending;
    pending = [];
    yield { line: broken!.line, error: 'a quoted field is never closed' };
    for (const [k, entry] of rest.entries()) yield* feed(entry, atEnd && k === rest.length - 1);
  }
}

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
