import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

type CellValue = string | number | boolean | null | undefined;

/**
 * One CSV cell: quoted when it must be (RFC 4180), and a leading = + - @ (or tab, return)
 * gets an apostrophe first, so a spreadsheet shows the text rather than running it as a formula.
 */
export function csvCell(value: CellValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly CellValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Streams a CSV download: the lines are read as the client takes them, so a long list never
 * sits whole in memory. The file name is the caller's (ASCII, no quotes).
 */
export function sendCsv(reply: FastifyReply, fileName: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}
