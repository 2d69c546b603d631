import pino from 'pino';
import type { Config } from './config';

/** One logger for the process; secrets in headers and bodies are redacted before they are written. */
export function createLogger(config: Config) {
  return pino({
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.confirmPassword', '*.newPassword', '*.token', '*.accessToken', '*.refreshToken', '*.SMTP_URL', '*.GOOGLE_CLIENT_SECRET', '*.DATABASE_URL', '*.ENCRYPTION_KEY', '*.HUBSPOT_CLIENT_SECRET', '*.hubspotToken', '*.slackBotToken', '*.openaiApiKey'],
      censor: '[redacted]',
    },
  });
}
