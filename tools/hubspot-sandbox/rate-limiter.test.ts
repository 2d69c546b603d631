import { describe, expect, it } from 'vitest';
import { HUBSPOT_RATE_LIMITS, RateLimiter, resolveRateLimits, type RateLimitCaller } from './rate-limiter';
import { SandboxClock } from './sandbox-clock';

function frozenClock(at = Date.UTC(2025, 2, 10, 12)): SandboxClock {
  const clock = new SandboxClock();
  clock.set(at);
  clock.freeze();
  return clock;
}

const privateApp = (tier: RateLimitCaller['tier'], token = 'pat-1', portalId = 1): RateLimitCaller => ({
  kind: 'private-app',
  burstKey: `app:${token}`,
  portalId,
  tier,
  timeZone: 'US/Eastern',
});
const oauth = (portalId: number): RateLimitCaller => ({ kind: 'oauth', burstKey: `oauth:7:${portalId}`, portalId, tier: 'starter', timeZone: 'UTC' });

function allowedInARow(limiter: RateLimiter, caller: RateLimitCaller, kind: 'standard' | 'search' = 'standard'): number {
  let n = 0;
  while (limiter.check(caller, kind).allowed) n++;
  return n;
}

describe('RateLimiter', () => {
  it('allows HubSpot burst budgets per ten seconds: 100, 190, 190 for private apps, 110 for OAuth', () => {
    const clock = frozenClock();
    const limiter = new RateLimiter(HUBSPOT_RATE_LIMITS, clock);
    expect(allowedInARow(limiter, privateApp('starter', 'a'))).toBe(100);
    expect(allowedInARow(limiter, privateApp('professional', 'b', 2))).toBe(190);
    expect(allowedInARow(limiter, privateApp('enterprise', 'c', 3))).toBe(190);
    expect(allowedInARow(limiter, oauth(4))).toBe(110);
  });

  it('rolls the window: requests older than ten seconds stop counting', () => {
    const clock = frozenClock();
    const limiter = new RateLimiter(HUBSPOT_RATE_LIMITS, clock);
    for (let i = 0; i < 60; i++) limiter.check(privateApp('starter'), 'standard');
    clock.advance(5_000);
    for (let i = 0; i < 40; i++) limiter.check(privateApp('starter'), 'standard');
    expect(limiter.check(privateApp('starter'), 'standard')).toMatchObject({ allowed: false, policy: 'TEN_SECONDLY_ROLLING' });
    clock.advance(5_000);
    expect(allowedInARow(limiter, privateApp('starter'))).toBe(60);
  });

  it('sends the headers HubSpot sends, with the daily ones for private apps only', () => {
    const limiter = new RateLimiter(HUBSPOT_RATE_LIMITS, frozenClock());
    expect(limiter.check(privateApp('starter'), 'standard').headers).toEqual({
      'x-hubspot-ratelimit-daily': '250000',
      'x-hubspot-ratelimit-daily-remaining': '249999',
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': '100',
      'x-hubspot-ratelimit-remaining': '99',
    });
    expect(limiter.check(oauth(9), 'standard').headers).toEqual({
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': '110',
      'x-hubspot-ratelimit-remaining': '109',
    });
  });

  it('shares the OAuth budget per app and installing account', () => {
    const limiter = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, { burst: { oauth: 3 } }), frozenClock());
    expect(allowedInARow(limiter, oauth(1))).toBe(3);
    expect(allowedInARow(limiter, oauth(2))).toBe(3);
  });

  it('spends the daily budget per account and renews it at midnight in the account time zone', () => {
    const clock = frozenClock(Date.UTC(2025, 2, 10, 12));
    const limiter = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, { daily: { starter: 5 } }), clock);
    expect(allowedInARow(limiter, privateApp('starter', 'one'))).toBe(5);
    const refused = limiter.check(privateApp('starter', 'other-app-same-portal'), 'standard');
    expect(refused).toMatchObject({ allowed: false, policy: 'DAILY' });
    expect(refused.headers['x-hubspot-ratelimit-daily-remaining']).toBe('0');
    // 03:59 UTC is still the 10th in New York; 04:00 UTC (EDT) is the 11th.
    clock.set(Date.UTC(2025, 2, 11, 3, 59));
    expect(limiter.check(privateApp('starter', 'one'), 'standard').allowed).toBe(false);
    clock.set(Date.UTC(2025, 2, 11, 4, 0));
    expect(limiter.check(privateApp('starter', 'one'), 'standard').allowed).toBe(true);
  });

  it('limits search to five a second per account, outside the burst budget and without headers', () => {
    const clock = frozenClock();
    const limiter = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, { burst: { starter: 2 } }), clock);
    expect(allowedInARow(limiter, privateApp('starter', 'a'), 'search')).toBe(5);
    expect(limiter.check(privateApp('starter', 'b'), 'search')).toEqual({ allowed: false, policy: 'SECONDLY', headers: {} });
    expect(allowedInARow(limiter, privateApp('starter', 'a'))).toBe(2);
    clock.advance(1_000);
    expect(limiter.check(privateApp('starter', 'a'), 'search')).toEqual({ allowed: true, headers: {} });
  });

  it('can be scaled down for tests or turned off', () => {
    const clock = frozenClock();
    const fast = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, { windowMs: 200, burst: { starter: 4 } }), clock);
    expect(allowedInARow(fast, privateApp('starter'))).toBe(4);
    clock.advance(200);
    expect(fast.check(privateApp('starter'), 'standard').headers['x-hubspot-ratelimit-interval-milliseconds']).toBe('200');
    const off = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, false), clock);
    for (let i = 0; i < 1000; i++) expect(off.check(privateApp('starter'), 'standard')).toEqual({ allowed: true, headers: {} });
  });
});
