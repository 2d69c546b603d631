import type net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  user: unknown;
  /** The message as sent: headers and MIME body. */
  raw: string;
}

export interface SmtpServerOptions extends SMTPServerOptions {
  /** 0 (the default) takes a free one. */
  port?: number;
  /** Runs before the server accepts a message; a rejection refuses it. */
  onMessage?: (email: ReceivedEmail) => Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts (tests, and the browser tests' mail catcher). */
export async function startSmtpServer({ port = 0, onMessage, ...options }: SmtpServerOptions = {}) {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const email: ReceivedEmail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(email);
        void (onMessage?.(email) ?? Promise.resolve()).then(() => callback(), callback);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
