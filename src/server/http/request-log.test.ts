import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { OneLinePerRequest } from './request-log';

/** The lines an app logs for one request, with the logger the server builds from `env`. */
async function logLinesOfOneRequest(env: Record<string, string>): Promise<string[]> {
  let written = '';
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger(loadConfig(env), capture), logController: new OneLinePerRequest() });
  app.get('/api/scans', async () => ({ scans: [] }));
  const res = await app.inject({ method: 'GET', url: '/api/scans?token=secret-link-token&page=2' });
  expect(res.statusCode).toBe(200);
  await app.close();
  return written.split('\n').filter((line) => line !== '');
}

describe('request log lines', () => {
  it('in development: one readable line per request with time, level, method, URL and status', async () => {
    const lines = await logLinesOfOneRequest({ NODE_ENV: 'development' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO.*: GET \/api\/scans\?token=%5Bredacted%5D&page=2 200 \d+ ms$/);
  });

  it('in production: one JSON object per request, the token in its URL blanked', async () => {
    // Production needs a mail transport and a key; they play no part in logging.
    const lines = await logLinesOfOneRequest({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ENCRYPTION_KEY: 'ab'.repeat(32) });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number };
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/scans?token=%5Bredacted%5D&page=2' }, res: { statusCode: 200 } });
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('LOG_FORMAT=json keeps JSON lines in development, for a log collector', async () => {
    const lines = await logLinesOfOneRequest({ NODE_ENV: 'development', LOG_FORMAT: 'json' });
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['request completed']);
  });
});
