import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors';

/**
 * Attempts per key (an IP address or an account) in a fixed window, in this process's
 * memory: the web process is the one that serves sign-ins, and a restart forgiving a few
 * attempts costs nothing.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts an attempt; throws 429 with Retry-After once the key has used up its window. */
  take(key: string, reply: FastifyReply, now = Date.now()): void {
    const wait = this.count(key, now);
    if (wait > 0) throw tooMany(wait, reply);
  }

  /** Seconds to wait, 0 when the attempt is allowed (and counted). */
  count(key: string, now = Date.now()): number {
    if (this.hits.size > 50_000) for (const [k, hit] of this.hits) if (hit.resetAt <= now) this.hits.delete(k);
    let hit = this.hits.get(key);
    if (!hit || hit.resetAt <= now) {
      hit = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, hit);
    }
    if (hit.count >= this.max) return Math.max(1, Math.ceil((hit.resetAt - now) / 1000));
    hit.count++;
    return 0;
  }

  /** Seconds the key must still wait, without counting an attempt. */
  blockedFor(key: string, now = Date.now()): number {
    const hit = this.hits.get(key);
    return hit && hit.resetAt > now && hit.count >= this.max ? Math.max(1, Math.ceil((hit.resetAt - now) / 1000)) : 0;
  }

  /** Throws 429 when the key must wait, without counting an attempt. */
  check(key: string, reply: FastifyReply, now = Date.now()): void {
    const wait = this.blockedFor(key, now);
    if (wait > 0) throw tooMany(wait, reply);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}

function tooMany(wait: number, reply: FastifyReply): HttpError {
  reply.header('retry-after', String(wait));
  return new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${describeWait(wait)}.`);
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const MINUTE = 60_000;

/** Limits on the sign-in routes, per IP address and per account. */
export function authRateLimits() {
  return {
    loginPerIp: new RateLimiter(30, 15 * MINUTE),
    /** Failed passwords per account: a slow guesser gets ten tries per quarter hour. */
    loginFailuresPerAccount: new RateLimiter(10, 15 * MINUTE),
    registerPerIp: new RateLimiter(20, 60 * MINUTE),
    verificationPerIp: new RateLimiter(20, 60 * MINUTE),
    verificationPerAccount: new RateLimiter(10, 60 * MINUTE),
    passwordResetPerIp: new RateLimiter(20, 60 * MINUTE),
    passwordResetPerAccount: new RateLimiter(5, 60 * MINUTE),
    tokensPerIp: new RateLimiter(30, 15 * MINUTE),
  };
}

export type AuthRateLimits = ReturnType<typeof authRateLimits>;
