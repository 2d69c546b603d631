import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { registerOriginCheck } from './origin-check';

async function appWithCheck() {
  const app = Fastify();
  registerErrorHandling(app);
  registerOriginCheck(app, testConfig({ PUBLIC_URL: 'https://clean.example.com' }));
  app.post('/api/profile', async () => ({ changed: true }));
  app.post('/api/logout', async () => ({ signedOut: true }));
  app.get('/api/profile', async () => ({ read: true }));
  await app.ready();
  return app;
}

const post = (headers: Record<string, string>) => ({ method: 'POST' as const, url: '/api/profile', headers: { host: 'clean.example.com', ...headers } });

describe('the origin check of state-changing calls', () => {
  it('refuses a browser call from a sibling site that sends Sec-Fetch-Site but no Origin', async () => {
    const app = await appWithCheck();
    for (const fetchSite of ['same-site', 'cross-site']) {
      const response = await app.inject(post({ 'sec-fetch-site': fetchSite }));
      expect(response.statusCode, fetchSite).toBe(403);
      expect(response.json()).toEqual({ message: 'This request came from another website and was refused.', code: 'ORIGIN_MISMATCH' });
    }
    // Reading is not changing: a GET passes whatever the browser says.
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: { 'sec-fetch-site': 'same-site' } })).statusCode).toBe(200);
  });

  it("lets through the site's own pages, a typed or bookmarked request, and calls from outside a browser", async () => {
    const app = await appWithCheck();
    const allowed: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}, { origin: 'https://clean.example.com', 'sec-fetch-site': 'same-origin' }, { origin: 'http://clean.example.com' }];
    for (const headers of allowed) {
      expect((await app.inject(post(headers))).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses an Origin other than PUBLIC_URL or the requested host, whatever Sec-Fetch-Site claims', async () => {
    const app = await appWithCheck();
    for (const origin of ['https://evil.example', 'https://sub.clean.example.com', 'null']) {
      expect((await app.inject(post({ origin, 'sec-fetch-site': 'same-origin' }))).statusCode, origin).toBe(403);
    }
  });

  it('checks a state-changing call however its path is spelled', async () => {
    const app = await appWithCheck();
    // The router decodes %61 to "a" (either case of hex digit), so each of these reaches POST /api/logout.
    for (const url of ['/api/logout', '/%61pi/logout', '/%61%70%69/logout', '/api/%6cogout', '/api/%6Cogout', '/%61p%69/logout?x=1']) {
      const refused = await app.inject({ method: 'POST', url, headers: { host: 'clean.example.com', origin: 'https://evil.example.com' } });
      expect(refused.statusCode, url).toBe(403);
      const ours = await app.inject({ method: 'POST', url, headers: { host: 'clean.example.com', origin: 'https://clean.example.com' } });
      expect(ours.json(), url).toEqual({ signedOut: true });
    }
    // Routes are case-sensitive, but a path the router does not know is refused before it says so.
    expect((await app.inject({ method: 'POST', url: '/API/logout', headers: { host: 'clean.example.com', origin: 'https://evil.example.com' } })).statusCode).toBe(403);
  });
});
