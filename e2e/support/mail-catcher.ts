/**
 * `tsx e2e/support/mail-catcher.ts`: the mail server of the browser tests' production server
 * (playwright.config.ts starts both). A real SMTP server on 127.0.0.1 that keeps each message
 * it accepts as a .json file in E2E_MAIL_DIR, where e2e/support/mailbox.ts reads the links.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSmtpServer } from '../../src/server/test/smtp-server';
import { MAIL_DIR, SMTP_PORT, type CaughtEmail } from './mailbox';

/** The decoded body of a MIME part (only what nodemailer writes: 7bit, quoted-printable, base64). */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The plain-text part of a message as nodemailer builds it (multipart/alternative, or text alone).
 * Parts are split on the message's own boundary: a quoted-printable line may itself start with
 * "--" (a token such as "...3a=\r\n--x9..." wrapped there), which a generic "--" split took
 * for a boundary and cut the link short.
 */
function plainText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw.split(/\r?\n\r?\n/, 1)[0] ?? '')?.[1];
  const parts = boundary ? raw.split(new RegExp(`\\r?\\n--${escapeRegExp(boundary)}(?:--)?[ \\t]*(?:\\r?\\n|$)`)) : [raw];
  for (const [index, part] of parts.entries()) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    // A nested multipart (alternative inside mixed) has its own boundary; the first part is the message's own head.
    if (index > 0 && /^content-type:\s*multipart\//im.test(head)) {
      const nested = plainText(part);
      if (nested) return nested;
      continue;
    }
    if (!/^content-type:\s*text\/plain/im.test(head)) continue;
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    return decodeBody(rest.join('\n\n'), encoding);
  }
  return '';
}

function parse(raw: string, to: string[]): CaughtEmail {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
  const text = plainText(raw);
  return { to, subject, text, links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [], receivedAt: new Date().toISOString() };
}

await mkdir(MAIL_DIR, { recursive: true });
await startSmtpServer({
  port: SMTP_PORT,
  async onMessage({ raw, to }) {
    const file = path.join(MAIL_DIR, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
    // Written aside and renamed, so a reader never sees half a message.
    await writeFile(`${file}.part`, JSON.stringify(parse(raw, to.map((address) => address.toLowerCase()))));
    await rename(`${file}.part`, file);
  },
});
