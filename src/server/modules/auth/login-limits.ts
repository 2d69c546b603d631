import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { Limit, addressKey, tooMany } from './rate-limiter';

/** Wrong passwords a client gets for an account before each next try has to wait. */
export const FREE_TRIES = 5;
/** The wait doubles from one second with every further try, up to this. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failed sign-ins an account takes in an hour from clients not known to it. */
export const ACCOUNT_CEILING = 50;
const HOUR = 3600;

export interface LoginAttempt {
  /** The address typed, lower-cased: unknown addresses are limited exactly like real ones. */
  email: string;
  ip: string;
  /** The device id when this browser has signed in to the account before (known-devices.ts). */
  knownDevice: string | null;
}

/** An attempt let through; `delayed` once its client is past the free tries. */
export type Admitted = LoginAttempt & { delayed: boolean };

/**
 * Sign-in limits that slow a guesser without locking the owner out (OWASP's brute-force
 * guidance; docs/decisions/009-sign-in-limits.md):
 * - per account and client (the known device, else the IP address): a few free tries, then a
 *   wait that doubles with every try; a successful sign-in clears it;
 * - per account, failures from all clients that are not known to it: a high ceiling for a
 *   guesser who spreads over many addresses, which the owner's known browser never meets;
 * - per IP address, failures only, high enough for an office behind one address.
 */
export class LoginLimits {
  private readonly pairAttempts: Limit;
  private readonly pairDelay: Limit;
  private readonly accountFailures: Limit;
  private readonly ipFailures: Limit;

  constructor(db: Db) {
    // A day of attempts is remembered, so waiting out one delay does not start the count again.
    this.pairAttempts = new Limit(db, 'login-pair', Number.MAX_SAFE_INTEGER, 24 * HOUR);
    this.pairDelay = new Limit(db, 'login-pair-delay', 1, MAX_DELAY_SECONDS);
    this.accountFailures = new Limit(db, 'login-account-failures', ACCOUNT_CEILING, HOUR);
    this.ipFailures = new Limit(db, 'login-ip-failures', 100, HOUR);
  }

  /**
   * Lets an attempt through or throws 429 with Retry-After. The attempt is counted against
   * every limit before the password is checked, so a burst of parallel guesses gets no more
   * tries than a sequence; a success hands the ceilings' counts back (`succeeded`).
   */
  async admit(attempt: LoginAttempt, reply: FastifyReply): Promise<Admitted> {
    const pair = pairKey(attempt);
    const tries = await this.pairAttempts.tally(pair);
    const delayed = tries > FREE_TRIES;
    const waits = await Promise.all([
      delayed ? this.pairDelay.count(pair, delaySeconds(tries - FREE_TRIES)) : 0,
      ...(attempt.knownDevice ? [] : [this.ipFailures.count(attempt.ip), this.accountFailures.count(attempt.email)]),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) {
      // Refused before any password was checked: not a try for any limit.
      await Promise.all([this.pairAttempts.refund(pair), delayed ? this.pairDelay.refund(pair) : null, this.refundCeilings(attempt)]);
      throw tooMany(wait, reply);
    }
    return { ...attempt, delayed };
  }

  async succeeded(attempt: Admitted): Promise<void> {
    const pair = pairKey(attempt);
    await Promise.all([this.pairAttempts.reset(pair), attempt.delayed ? this.pairDelay.reset(pair) : null, this.refundCeilings(attempt)]);
  }

  /** The ceilings keep failures only, and a known device never touches them. */
  private async refundCeilings(attempt: LoginAttempt): Promise<void> {
    if (attempt.knownDevice) return;
    await Promise.all([this.ipFailures.refund(attempt.ip), this.accountFailures.refund(attempt.email)]);
  }
}

/** The wait after the n-th try past the free ones: 1 s, 2 s, 4 s ... capped. */
export function delaySeconds(n: number): number {
  return Math.min(2 ** (n - 1), MAX_DELAY_SECONDS);
}

function pairKey({ email, ip, knownDevice }: LoginAttempt): string {
  return `${email}\n${knownDevice ? `device:${knownDevice}` : `ip:${addressKey(ip)}`}`;
}
