import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

const reply = () => {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply };
};

describe('RateLimiter', () => {
  it('allows max attempts per window, then asks to wait until the window ends', () => {
    const limiter = new RateLimiter(3, 60_000);
    const t0 = 1_000_000;
    for (let k = 0; k < 3; k++) expect(limiter.count('ip', t0 + k)).toBe(0);
    expect(limiter.count('ip', t0 + 10_000)).toBe(50);
    expect(limiter.count('other-ip', t0 + 10_000)).toBe(0);
    expect(limiter.count('ip', t0 + 60_000)).toBe(0);
  });

  it('throws 429 with Retry-After and a readable wait', () => {
    const limiter = new RateLimiter(1, 15 * 60_000);
    const { headers, reply: r } = reply();
    limiter.take('a', r, 0);
    expect(() => limiter.take('a', r, 1000)).toThrow('Too many attempts. Please try again in 15 minutes.');
    expect(headers['retry-after']).toBe('899');
  });

  it('checks without counting, and forgets a key on reset', () => {
    const limiter = new RateLimiter(2, 60_000);
    const { reply: r } = reply();
    limiter.check('a', r, 0);
    limiter.check('a', r, 0);
    expect(limiter.blockedFor('a', 0)).toBe(0);
    limiter.count('a', 0);
    limiter.count('a', 0);
    expect(limiter.blockedFor('a', 30_000)).toBe(30);
    limiter.reset('a');
    expect(limiter.blockedFor('a', 30_000)).toBe(0);
  });
});
