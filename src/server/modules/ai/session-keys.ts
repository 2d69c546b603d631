import { and, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

const IDLE_MS = 12 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 30_000;

interface Held {
  userId: number;
  key: string;
  lastUsed: number;
}

/**
 * OpenAI keys a user did not want remembered: held in this process's memory only, one per
 * session (by the session's id, itself a hash of the cookie), never written anywhere. A key
 * goes when its session ends (signed out, expired: checked against the sessions table as the
 * store is used), after 12 idle hours, or when the process stops.
 */
export class SessionKeyStore {
  private readonly held = new Map<string, Held>();
  private lastCheck = 0;

  constructor(private readonly now: () => number = Date.now) {}

  set(sessionId: string, userId: number, key: string): void {
    this.held.set(sessionId, { userId, key, lastUsed: this.now() });
  }

  /** The session's key, only for the user it was given by. */
  get(sessionId: string, userId: number): string | null {
    const entry = this.held.get(sessionId);
    if (!entry || entry.userId !== userId) return null;
    if (this.now() - entry.lastUsed > IDLE_MS) {
      this.held.delete(sessionId);
      return null;
    }
    entry.lastUsed = this.now();
    return entry.key;
  }

  delete(sessionId: string): void {
    this.held.delete(sessionId);
  }

  /** Every session's key of one user (their key was removed, or the account is going). */
  deleteUser(userId: number): void {
    for (const [id, entry] of this.held) if (entry.userId === userId) this.held.delete(id);
  }

  size(): number {
    return this.held.size;
  }

  /**
   * Drops the keys of sessions that ended or idled out. Cheap to call often: it asks the
   * database at most every 30 seconds unless `force`.
   */
  async prune(db: Db, force = false): Promise<void> {
    const now = this.now();
    if (!force && now - this.lastCheck < CHECK_EVERY_MS) return;
    this.lastCheck = now;
    for (const [id, entry] of this.held) if (now - entry.lastUsed > IDLE_MS) this.held.delete(id);
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    const live = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date(now))));
    const alive = new Set(live.map((row) => row.id));
    for (const id of ids) if (!alive.has(id)) this.held.delete(id);
  }
}

/** The process's store: the settings routes and the assistant share it. */
export const sessionKeys = new SessionKeyStore();
