import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookies ride along on cross-site requests, so a state-changing /api call must come from
 * this site: its Origin must be ours, and browsers that only send Sec-Fetch-Site must not
 * call it cross-site. Calls without either header (curl, server-to-server) carry no
 * browser cookies by accident and pass.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
      throw new HttpError(403, 'ORIGIN_MISMATCH', 'This request came from another website and was refused.');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'ORIGIN_MISMATCH', 'This request came from another website and was refused.');
    }
  });
}
