import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';
import { redactSqlError } from './redact-sql-error';

/**
 * One logger for the process; secrets in headers and bodies, and the values of failed SQL,
 * are redacted before they are written. Readable lines in development, JSON lines otherwise
 * (LOG_FORMAT chooses); `destination` is stdout unless a test reads the lines.
 */
export function createLogger(config: Config, destination?: pino.DestinationStream) {
  const format = config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json');
  const options: pino.LoggerOptions = {
    // A test that hands its own stream wants the lines it will read.
    level: config.NODE_ENV === 'test' && !destination ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.confirmPassword', '*.newPassword', '*.token', '*.accessToken', '*.refreshToken', '*.SMTP_URL', '*.GOOGLE_CLIENT_SECRET', '*.DATABASE_URL', '*.ENCRYPTION_KEY', '*.HUBSPOT_CLIENT_SECRET', '*.SLACK_CLIENT_SECRET', '*.STRIPE_SECRET_KEY', '*.STRIPE_WEBHOOK_SECRET', '*.botToken', '*.hubspotToken', '*.slackBotToken', '*.openaiApiKey'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest, err: (error: unknown) => pino.stdSerializers.err(redactSqlError(error) as Error) },
  };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** `[12:04:31] INFO: GET /api/scans 200 4 ms`: time, level, message, then any other fields on the same line. */
function prettyStream(destination?: pino.DestinationStream) {
  return pretty({
    destination: destination ?? 1,
    sync: true,
    // Colours on a terminal only: a file or a test reads plain text.
    colorize: !destination && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // The request's method, URL and status make its message; the rest is noise on a console.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      if (req?.method && res?.statusCode) return `${req.method} ${req.url ?? ''} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms`;
      return String(log[messageKey] ?? '');
    },
  });
}

const SECRET_QUERY_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'refresh_token', 'id_token']);

/** A request line for the log, with one-time codes and tokens in its query string blanked. */
function serializeRequest(request: { method?: string; url?: string; host?: string; ip?: string }) {
  return { method: request.method, url: redactQuery(request.url ?? ''), host: request.host, remoteAddress: request.ip };
}

export function redactQuery(url: string): string {
  const cut = url.indexOf('?');
  if (cut < 0) return url;
  const params = new URLSearchParams(url.slice(cut + 1));
  for (const name of [...params.keys()]) if (SECRET_QUERY_PARAMS.has(name.toLowerCase())) params.set(name, '[redacted]');
  return `${url.slice(0, cut)}?${params.toString()}`;
}
