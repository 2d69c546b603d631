import { isIP } from 'node:net';
import { lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { tokenHash } from './secrets';

/**
 * Attempts per key (an IP address, an account, or both) in a fixed window, counted in the
 * database by rate-limiter-flexible: every process on one database shares the counts, and
 * a restart forgives nobody. Subjects are stored as SHA-256, so no address or IP is kept.
 */
export class Limit {
  private readonly store: RateLimiterDrizzle;

  constructor(
    db: Db,
    name: string,
    readonly max: number,
    windowSeconds: number,
  ) {
    // clearExpiredByTimeout off: a timer per limiter would outlive a closed app; the purge job clears rows.
    this.store = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: name, points: max, duration: windowSeconds, clearExpiredByTimeout: false });
  }

  /** Counts an attempt; throws 429 with Retry-After once the key has used up its window. */
  async take(key: string, reply: FastifyReply): Promise<void> {
    const wait = await this.count(key);
    if (wait > 0) throw tooMany(wait, reply);
  }

  /** Seconds to wait, 0 when the attempt is allowed (and counted). `windowSeconds` overrides the window a new count starts. */
  async count(key: string, windowSeconds?: number): Promise<number> {
    try {
      await this.store.consume(subject(key), 1, windowSeconds === undefined ? {} : { customDuration: windowSeconds });
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return secondsOf(error.msBeforeNext);
      throw error;
    }
  }

  /** Counts an attempt and says how many the key has made in its window, this one included. */
  async tally(key: string): Promise<number> {
    try {
      return (await this.store.consume(subject(key))).consumedPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.consumedPoints;
      throw error;
    }
  }

  /** Seconds the key must still wait, without counting an attempt. */
  async blockedFor(key: string): Promise<number> {
    const res = await this.store.get(subject(key));
    return res && res.consumedPoints >= this.max ? secondsOf(res.msBeforeNext) : 0;
  }

  /** Takes back one counted attempt. */
  async refund(key: string): Promise<void> {
    await this.store.reward(subject(key));
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(subject(key));
  }
}

/** Counters whose window has ended are as good as absent; returns how many were dropped. */
export async function purgeExpiredLimits(db: Db, now = new Date()): Promise<number> {
  const expired = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return expired.length;
}

function subject(key: string): string {
  return tokenHash(isIP(key) ? addressKey(key) : key);
}

/**
 * The client a limit counts for an IP address: an IPv4 address itself (also when it comes
 * IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64, since one subscriber usually holds
 * a whole /64 and could otherwise take a fresh address for every try.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const groups = (part: string) => (part ? part.split(':').flatMap(hexGroups) : []);
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const known = [...groups(head), ...groups(tail ?? '')];
  const full = tail === undefined ? known : [...groups(head), ...Array<string>(8 - known.length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** An IPv6 group, or the two an embedded IPv4 tail stands for. */
function hexGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export function tooMany(wait: number, reply: FastifyReply): HttpError {
  reply.header('retry-after', String(wait));
  return new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${describeWait(wait)}.`);
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
