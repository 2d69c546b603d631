import { describe, expect, it } from 'vitest';
import { register } from '../../test/accounts';
import { startTestApp, useTestApp } from '../../test/test-app';

const ctx = useTestApp({ work: false });

describe('the development outbox in the browser', () => {
  it('lists sent emails newest first and shows each as its recipient would see it', async () => {
    await register(ctx.app, 'first@example.com');
    await register(ctx.app, 'second@example.com');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(list.statusCode).toBe(200);
    const emails = list.json().emails as { to: string; kind: string; url: string; link: string }[];
    expect(emails.map((e) => e.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(emails[0]).toMatchObject({ kind: 'verification', link: expect.stringContaining('/verify?token=') });

    const page = await ctx.app.inject({ method: 'GET', url: emails[0]!.url });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Verify your email');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox/no-such-email' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('answers only this machine: others, even naming a loopback address in X-Forwarded-For, get the 404 of an unknown route', async () => {
    const trusting = await startTestApp({ work: false, env: { TRUST_PROXY: 'true' } });
    try {
      await register(trusting.app, 'victim@example.com');
      const local = await trusting.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '::1' });
      expect(local.statusCode).toBe(200);
      const emailUrl = (local.json().emails as { url: string }[])[0]!.url;
      const elsewhere = [
        { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
        // Through a reverse proxy on this machine: the socket is local, the caller is not.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
        { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
        // A page whose hostname was rebound to 127.0.0.1: the socket is local, the Host is theirs.
        { remoteAddress: '127.0.0.1', headers: { host: 'rebind.evil.example.com:3000' } },
      ];
      for (const url of ['/api/dev/outbox', emailUrl]) {
        for (const caller of elsewhere) {
          const remote = await trusting.app.inject({ method: 'GET', url, ...caller });
          expect(remote.statusCode, JSON.stringify(caller)).toBe(404);
          expect(remote.json()).toEqual({ message: `No API route GET ${url}`, code: 'NOT_FOUND' });
          expect(remote.body).not.toContain('victim');
        }
      }
    } finally {
      await trusting.stop();
    }
  });

  it('does not exist in production', async () => {
    const production = await startTestApp({ work: false, env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
