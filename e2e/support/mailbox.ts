import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the browser tests' mail server (e2e/support/mail-catcher.ts) listens and keeps what it receives. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3198);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** One message as the mail catcher keeps it. */
export interface CaughtEmail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
  receivedAt: string;
}

const LINK_PATHS = { verification: '/verify', 'password-reset': '/reset-password' } as const;

async function emailsTo(to: string): Promise<CaughtEmail[]> {
  if (!MAIL_DIR) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts');
  const names = (await readdir(MAIL_DIR).catch(() => [])).filter((name) => name.endsWith('.json'));
  const emails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(MAIL_DIR, name), 'utf8')) as CaughtEmail));
  return emails.filter((email) => email.to.includes(to.toLowerCase())).sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}

/**
 * The link of the newest email of a kind to an address, as the test server's mail server
 * received it, as a path on the site under test.
 */
export async function emailedLink(to: string, kind: keyof typeof LINK_PATHS, { after = 0 }: { after?: number } = {}): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const recent = (await emailsTo(to)).filter((email) => Date.parse(email.receivedAt) >= after);
        link = recent.flatMap((email) => email.links).find((candidate) => new URL(candidate).pathname === LINK_PATHS[kind]);
        return link;
      },
      { message: `a ${kind} email to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
