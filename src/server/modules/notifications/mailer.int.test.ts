import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp-server';
import { testConfig } from '../../test/test-app';
import { passwordResetEmail, verificationEmail } from './email-templates';
import { createMailer, EmailDeliveryError, messageIdFor, readOutbox, type EmailMessage, type Mailer } from './mailer';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A logger that keeps its lines, so tests can read what a developer would see in the console. */
function memoryLogger() {
  const raw: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return { log, raw, lines: () => raw.map((line) => JSON.parse(line) as LogLine) };
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function message(to: string): EmailMessage {
  const verifyUrl = 'https://app.example.com/verify?token=t0ken';
  return { ...verificationEmail({ verifyUrl, email: to }), to, kind: 'verification', link: verifyUrl };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track<T extends Mailer>(mailer: T): T {
  cleanups.push(() => mailer.close());
  return mailer;
}

describe('over SMTP', () => {
  const password = 'p@ss:w/rd s3cret';
  const credentials = `mailer:${encodeURIComponent(password)}`;

  it('delivers from EMAIL_FROM to the recipient with a text and an HTML part', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_FROM: 'DataCleaner <hello@datacleaner.test>' });
    const mailer = track(createMailer({ config, log: memoryLogger().log }));
    expect(mailer.transport).toBe('smtp');

    await mailer.send(message('ada@example.com'));

    expect(smtp.received).toHaveLength(1);
    const [email] = smtp.received;
    expect(email!.from).toBe('hello@datacleaner.test');
    expect(email!.to).toEqual(['ada@example.com']);
    const headers = email!.raw.split(/\r\n\r\n/)[0]!;
    expect(headers).toMatch(/^From: DataCleaner <hello@datacleaner\.test>$/m);
    expect(headers).toMatch(/^To: ada@example\.com$/m);
    expect(headers).toMatch(/^Subject: Verify your email address$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(email!.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(email!.raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  });

  it('signs in with the user and password of SMTP_URL when the server requires it', async () => {
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === password) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    cleanups.push(smtp.close);
    const config = testConfig({ SMTP_URL: `smtp://${credentials}@127.0.0.1:${smtp.port}` });
    const mailer = track(createMailer({ config, log: memoryLogger().log }));

    await mailer.send(message('ada@example.com'));

    expect(smtp.received.map((e) => [e.user, e.to])).toEqual([['mailer', ['ada@example.com']]]);
  });

  it('rejects with a safe message when the server refuses the sign-in', async () => {
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    cleanups.push(smtp.close);
    const url = `smtp://${credentials}@127.0.0.1:${smtp.port}`;
    const logger = memoryLogger();
    const mailer = track(createMailer({ config: testConfig({ SMTP_URL: url }), log: logger.log }));

    const error = await mailer.send(message('ada@example.com')).then(() => undefined, (e: unknown) => e);

    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect(error).toMatchObject({ code: 'smtp_auth_refused', permanent: false, message: 'The email could not be sent: the mail server refused the sign-in.' });
    expect(smtp.received).toHaveLength(0);
    const output = logger.raw.join('');
    expect(output).toContain('ada@example.com');
    expect(output).not.toContain(password);
    expect(output).not.toContain(encodeURIComponent(password));
  });

  it('rejects with a clear message, and logs without the password, when the server is unreachable', async () => {
    const port = await closedPort();
    const url = `smtps://${credentials}@127.0.0.1:${port}`;
    const logger = memoryLogger();
    const mailer = track(createMailer({ config: testConfig({ SMTP_URL: url }), log: logger.log }));

    const error = await mailer.send(message('ada@example.com')).then(() => undefined, (e: unknown) => e);

    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect(error).toMatchObject({ code: 'smtp_unreachable', permanent: false, message: 'The email could not be sent: the mail server could not be reached.' });
    expect((error as Error).message).not.toContain('s3cret');
    const [line, ...others] = logger.lines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 40, to: 'ada@example.com', kind: 'verification', msg: 'Email "Verify your email address" to ada@example.com was not sent' });
    expect(line!.smtpError).toMatchObject({ originalCode: 'ECONNREFUSED' });
    const output = logger.raw.join('');
    expect(output).not.toContain('s3cret');
    expect(output).not.toContain(encodeURIComponent(password));
    expect(output).not.toContain(url);
  });

  it('sends the headers and the Message-ID it is given, and answers that Message-ID', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_FROM: 'DataCleaner <hello@datacleaner.test>' });
    const mailer = track(createMailer({ config, log: memoryLogger().log }));
    const unsubscribe = 'https://app.example.com/api/notifications/unsubscribe?token=42.scan-emails.abc';
    const messageId = messageIdFor(config, 'notification-42');
    expect(messageId).toBe('<notification-42@datacleaner.test>');

    const sent = await mailer.send({ ...message('ada@example.com'), headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, messageId });

    expect(sent).toEqual({ messageId });
    const headers = smtp.received[0]!.raw.split(/\r\n\r\n/)[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^Message-ID: <notification-42@datacleaner\.test>$/m);
  });

  it('gives up on a recipient the server refuses for good, and tries again one it defers', async () => {
    const smtp = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('gone@')) callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
        else if (address.address.startsWith('busy@')) callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 450 }));
        else callback();
      },
    });
    cleanups.push(smtp.close);
    const mailer = track(createMailer({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), log: memoryLogger().log }));
    const failure = (to: string) => mailer.send(message(to)).then(() => undefined, (e: unknown) => e);

    expect(await failure('gone@example.com')).toMatchObject({ code: 'smtp_refused_recipient', permanent: true, message: 'The email could not be sent: the mail server refused the sender or recipient address.' });
    expect(await failure('busy@example.com')).toMatchObject({ code: 'smtp_temporary', permanent: false });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up on a message the server refuses after reading it', async () => {
    const smtp = await startSmtpServer({ onMessage: async () => Promise.reject(Object.assign(new Error('5.7.1 Message rejected as spam'), { responseCode: 554 })) });
    cleanups.push(smtp.close);
    const mailer = track(createMailer({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), log: memoryLogger().log }));

    const error = await mailer.send(message('ada@example.com')).then(() => undefined, (e: unknown) => e);

    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect(error).toMatchObject({ code: 'smtp_refused_message', permanent: true, message: 'The email could not be sent: the mail server did not accept it.' });
  });
});

describe('the development outbox', () => {
  async function tempDataDir() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'datacleaner-outbox-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('is empty before the first email', async () => {
    expect(await readOutbox(await tempDataDir())).toEqual([]);
  });

  it('writes each email as JSON and HTML, lists them newest first and logs where to read it, never its link', async () => {
    const dataDir = await tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir });
    const logger = memoryLogger();
    const mailer = track(createMailer({ config, log: logger.log }));
    expect(mailer.transport).toBe('outbox');

    const resetUrl = 'https://app.example.com/reset?token=r3set';
    await mailer.send(message('ada@example.com'));
    await mailer.send({ ...passwordResetEmail({ resetUrl, email: 'bob@example.com' }), to: 'bob@example.com', kind: 'password-reset', link: resetUrl });

    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(4);
    const basenames = files.map((f) => f.replace(/\.(json|html)$/, ''));
    expect(basenames).toEqual([basenames[0], basenames[0], basenames[2], basenames[2]]);
    expect(files.filter((f) => f.endsWith('.html'))).toHaveLength(2);

    const emails = await readOutbox(dataDir);
    expect(emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ['password-reset', 'bob@example.com', 'Reset your password'],
      ['verification', 'ada@example.com', 'Verify your email address'],
    ]);
    const [newest, oldest] = emails;
    expect(newest).toMatchObject({ from: config.EMAIL_FROM, link: resetUrl });
    expect(newest!.text).toContain(resetUrl);
    expect(Date.parse(newest!.sentAt)).toBeGreaterThan(Date.parse(oldest!.sentAt));
    expect(await readFile(path.join(dataDir, 'outbox', `${newest!.id}.html`), 'utf8')).toBe(newest!.html);
    expect(await readOutbox(dataDir, { limit: 1 })).toEqual([newest]);

    const line = logger.lines().find((l) => l.kind === 'password-reset');
    expect(line).toMatchObject({
      level: 30,
      msg: 'Email "Reset your password" to bob@example.com written to the outbox: open http://localhost:3000/api/dev/outbox to read it',
      to: 'bob@example.com',
      file: path.join(dataDir, 'outbox', `${newest!.id}.html`),
    });
    expect(logger.raw.join('')).not.toMatch(/r3set|t0ken/);
  });

  it('skips a file that is not an email it wrote', async () => {
    const dataDir = await tempDataDir();
    const mailer = track(createMailer({ config: testConfig({ DATA_DIR: dataDir }), log: memoryLogger().log }));
    await mailer.send(message('ada@example.com'));
    await writeFile(path.join(dataDir, 'outbox', '9999-broken.json'), '{ not json');
    await writeFile(path.join(dataDir, 'outbox', '9999-other.json'), '{"hello":"world"}');

    expect((await readOutbox(dataDir)).map((e) => e.to)).toEqual(['ada@example.com']);
  });

  it('keeps the headers and Message-ID with the email', async () => {
    const dataDir = await tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir });
    const mailer = track(createMailer({ config, log: memoryLogger().log }));
    const headers = { 'List-Unsubscribe': '<https://app.example.com/api/notifications/unsubscribe?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

    const sent = await mailer.send({ ...message('ada@example.com'), headers, messageId: '<notification-7@datacleaner.local>' });
    const unnamed = await mailer.send(message('bob@example.com'));

    const [bob, ada] = await readOutbox(dataDir);
    expect(ada).toMatchObject({ headers, messageId: '<notification-7@datacleaner.local>' });
    expect(sent.messageId).toBe('<notification-7@datacleaner.local>');
    expect(bob!.headers).toBeUndefined();
    expect(unnamed.messageId).toBe(bob!.messageId);
    expect(bob!.messageId).toMatch(/^<outbox-[\w-]+@datacleaner\.local>$/);
  });
});
