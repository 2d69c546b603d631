import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type NodemailerError } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config';

/** One email, ready to send: every email has an HTML body and a plain-text alternative. */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the email is for (verification, password-reset, ...): shown in the development outbox. */
  kind: string;
  /** The one link the email is about, kept with the email in the development outbox (never logged). */
  link?: string;
  /** Where a reply goes, when not to the sender (a support message: to the person who wrote it). */
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The Message-ID, angle brackets included (see messageIdFor). A notification gives the same one
   * to every attempt, so a resend after a crash is recognised by mail systems as the same email.
   */
  messageId?: string;
}

/** What the mail server (or the outbox) took. */
export interface SentEmail {
  /** The Message-ID the email went out with. */
  messageId: string;
}

/** Stable codes of EmailDeliveryError, as stored with a failed delivery. */
export type EmailFailureCode = 'smtp_unreachable' | 'smtp_auth_refused' | 'smtp_refused_sender' | 'smtp_refused_recipient' | 'smtp_refused_message' | 'smtp_temporary';

/**
 * Why an email was not sent. `message` is for users and names no server detail; `permanent`
 * says whether sending it again can help (the server refused the recipient or the message).
 */
export class EmailDeliveryError extends Error {
  constructor(
    readonly code: EmailFailureCode,
    readonly permanent: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'EmailDeliveryError';
  }
}

export interface Mailer {
  /** smtp when SMTP_URL is set, otherwise the development outbox under DATA_DIR. */
  readonly transport: 'smtp' | 'outbox';
  /** Resolves once the server accepted the email (or it was written to the outbox); rejects with an EmailDeliveryError otherwise. */
  send(message: EmailMessage): Promise<SentEmail>;
  close(): Promise<void>;
}

export interface MailerDependencies {
  config: Config;
  log: FastifyBaseLogger;
}

const outboxEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string().optional(),
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  messageId: z.string().optional(),
  sentAt: z.iso.datetime(),
});

/** An email as the development outbox keeps it; `id` is the basename of its .json and .html files. */
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export function createMailer(deps: MailerDependencies): Mailer {
  return deps.config.SMTP_URL ? createSmtpMailer(deps, deps.config.SMTP_URL) : createOutboxMailer(deps);
}

function createSmtpMailer({ config, log }: MailerDependencies, url: string): Mailer {
  // Nodemailer waits minutes by default; a request that sends an email should fail sooner.
  const transporter = createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  const secrets = smtpSecrets(url);
  return {
    transport: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: config.EMAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: { ...message.headers } } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        return { messageId: info.messageId };
      } catch (error) {
        log.warn(
          { kind: message.kind, to: message.to, smtpError: describeSmtpError(error, secrets) },
          `Email "${message.subject}" to ${message.to} was not sent`,
        );
        // The SMTP error is logged above with secrets removed; as a cause it would reach logs unredacted.
        throw deliveryError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** The parts of SMTP_URL that must never reach a log line, in every spelling they could appear in. */
function smtpSecrets(url: string): string[] {
  const secrets = [url];
  try {
    const password = new URL(url).password;
    if (password) secrets.push(password, decodeURIComponent(password));
  } catch {
    // config.ts already checked the scheme; an unparsable rest leaves only the whole URL to hide.
  }
  return secrets.filter((s) => s.length > 0);
}

function redact(value: string, secrets: string[]): string {
  return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
}

function describeSmtpError(error: unknown, secrets: string[]) {
  if (!(error instanceof Error)) return { message: redact(String(error), secrets) };
  const e = error as NodemailerError;
  const clean = (v: string | undefined) => (v === undefined ? undefined : redact(v, secrets));
  return {
    message: redact(e.message, secrets),
    code: e.code,
    originalCode: e.originalCode,
    command: clean(e.command),
    responseCode: e.responseCode,
    response: clean(e.response),
  };
}

const FAILURE_MESSAGES: Record<EmailFailureCode, string> = {
  smtp_unreachable: 'The email could not be sent: the mail server could not be reached.',
  smtp_auth_refused: 'The email could not be sent: the mail server refused the sign-in.',
  smtp_refused_sender: 'The email could not be sent: the mail server refused the sender or recipient address.',
  smtp_refused_recipient: 'The email could not be sent: the mail server refused the sender or recipient address.',
  smtp_refused_message: 'The email could not be sent: the mail server did not accept it.',
  smtp_temporary: 'The email could not be sent: the mail server did not accept it.',
};

/**
 * Sorts a nodemailer failure into what a delivery does next. A 5xx reply is the server's final
 * word on this recipient or message (RFC 5321); a 4xx reply, a lost connection or a refused
 * sign-in can pass (greylisting, a restart, a password being rotated), so those are tried again.
 */
function deliveryError(error: unknown): EmailDeliveryError {
  const e = error instanceof Error ? (error as NodemailerError) : undefined;
  const reply = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  const refused = reply === undefined || reply >= 500;
  const fail = (code: EmailFailureCode, permanent: boolean) => new EmailDeliveryError(code, permanent, FAILURE_MESSAGES[code]);
  switch (e?.code) {
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'EDNS':
    case 'ETLS':
    case 'EPROXY':
      return fail('smtp_unreachable', false);
    case 'EAUTH':
    case 'ENOAUTH':
      return fail('smtp_auth_refused', false);
    case 'EENVELOPE':
      if (!refused) return fail('smtp_temporary', false);
      return e.command === 'MAIL FROM' ? fail('smtp_refused_sender', true) : fail('smtp_refused_recipient', true);
    case 'EMESSAGE':
      return refused ? fail('smtp_refused_message', true) : fail('smtp_temporary', false);
    default:
      return reply !== undefined && reply >= 500 ? fail('smtp_refused_message', true) : fail('smtp_temporary', false);
  }
}

/**
 * A Message-ID on the domain of EMAIL_FROM for `key` (such as "notification-42"): the same key
 * gives the same id, so every attempt to send one notification carries one Message-ID.
 */
export function messageIdFor(config: Config, key: string): string {
  if (!/^[\w.-]+$/.test(key)) throw new Error(`A Message-ID key may hold letters, digits, _ . and - only: ${key}`);
  const domain = /@([^\s>]+)>?\s*$/.exec(config.EMAIL_FROM)?.[1] ?? new URL(config.publicUrl).hostname;
  return `<${key}@${domain}>`;
}

function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

function createOutboxMailer({ config, log }: MailerDependencies): Mailer {
  const dir = outboxDir(config.dataDir);
  // Strictly increasing times keep file names in sending order even within one millisecond.
  let lastSentAt = 0;
  return {
    transport: 'outbox',
    async send(message) {
      const sentAt = new Date(Math.max(Date.now(), lastSentAt + 1));
      lastSentAt = sentAt.getTime();
      const id = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const messageId = message.messageId ?? messageIdFor(config, `outbox-${id}`);
      const email: OutboxEmail = {
        id,
        kind: message.kind,
        to: message.to,
        from: config.EMAIL_FROM,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link,
        replyTo: message.replyTo,
        headers: message.headers ? { ...message.headers } : undefined,
        messageId,
        sentAt: sentAt.toISOString(),
      };
      await mkdir(dir, { recursive: true });
      const htmlFile = path.join(dir, `${id}.html`);
      // The .json file is what readOutbox lists, so it is written last: a listed email always has its .html.
      await writeFile(htmlFile, message.html);
      await writeFile(path.join(dir, `${id}.json`), `${JSON.stringify(email, null, 2)}\n`);
      // Never the link: whoever reads the log would own the account it verifies or resets.
      log.info({ kind: message.kind, to: message.to, file: htmlFile }, `Email "${message.subject}" to ${message.to} written to the outbox: open ${config.publicUrl}/api/dev/outbox to read it`);
      return { messageId };
    },
    async close() {},
  };
}

/** The development outbox, newest first; empty until the first email is written. */
export async function readOutbox(dataDir: string, options: { limit?: number } = {}): Promise<OutboxEmail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, options.limit);
  const emails = await Promise.all(newest.map((name) => readOutboxFile(path.join(dir, name))));
  return emails.filter((email) => email !== undefined);
}

/** A file edited by hand, or removed since the listing, is skipped rather than hiding every other email. */
async function readOutboxFile(file: string): Promise<OutboxEmail | undefined> {
  try {
    const parsed = outboxEmailSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
