import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxEmail {
  kind: string;
  to: string;
  subject: string;
  link?: string;
  sentAt: string;
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

async function emailsTo(to: string, kind: string): Promise<OutboxEmail[]> {
  const names = await readdir(outboxDir()).catch(() => []);
  const emails = await Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(outboxDir(), name), 'utf8')) as OutboxEmail));
  return emails.filter((email) => email.to === to && email.kind === kind).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/**
 * The link of the newest email of a kind to an address, from the server's development
 * outbox (it runs without SMTP), as a path on the site under test.
 */
export async function emailedLink(to: string, kind: 'verification' | 'password-reset', { after = 0 }: { after?: number } = {}): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [newest] = (await emailsTo(to, kind)).filter((email) => Date.parse(email.sentAt) >= after);
        link = newest?.link;
        return link;
      },
      { message: `a ${kind} email to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
