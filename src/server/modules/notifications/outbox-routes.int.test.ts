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

  it('does not exist in production', async () => {
    const production = await startTestApp({ work: false, env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
