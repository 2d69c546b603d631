import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What Sec-Fetch-Site says of a request from this site's own pages, or typed or bookmarked by the user. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Cookies ride along on cross-site requests, so a state-changing call must come from
 * this site: its Origin must be ours, and when a browser sends only Sec-Fetch-Site it must
 * say same-origin or none. same-site is refused too: a sibling subdomain is another site's
 * code. Calls without either header (curl, server-to-server) carry no browser cookies by
 * accident and pass. Every unsafe method is checked whatever its path: the router decodes
 * the path, so a test of the raw URL (`/%61pi/logout`) would miss routes it still reaches.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ours = origin === undefined ? fetchSite === undefined || OWN_FETCH_SITES.has(fetchSite) : origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
    if (!ours) throw new HttpError(403, 'ORIGIN_MISMATCH', 'This request came from another website and was refused.');
  });
}
