import pino from 'pino';
import type { Config } from './config';
import { redactSqlError } from './redact-sql-error';

/**
 * One logger for the process; secrets in headers and bodies, and the values of failed SQL,
 * are redacted before they are written.
 */
export function createLogger(config: Config, destination?: pino.DestinationStream) {
  return pino({
    // A test that hands its own stream wants the lines it will read.
    level: config.NODE_ENV === 'test' && !destination ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.confirmPassword', '*.newPassword', '*.token', '*.accessToken', '*.refreshToken', '*.SMTP_URL', '*.GOOGLE_CLIENT_SECRET', '*.DATABASE_URL', '*.ENCRYPTION_KEY', '*.HUBSPOT_CLIENT_SECRET', '*.hubspotToken', '*.slackBotToken', '*.openaiApiKey'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest, err: (error: unknown) => pino.stdSerializers.err(redactSqlError(error) as Error) },
  }, destination);
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
