import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type RequestKind = 'standard' | 'search';

/**
 * HubSpot counts a request when it arrives and we when we send it: a request is kept in our
 * window a tenth longer than in HubSpot's, 250 ms at most, so that one sent late (a busy
 * machine, a token renewed on the way) does not overfill HubSpot's.
 */
const span = sql.raw('(b.interval_ms + least(250, b.interval_ms / 10))');
/** The longest Retry-After honoured: a longer wait is the daily limit's, which the 429 body reports. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Requests an app may still make in a portal, per HubSpot's limits (HUBSPOT.md, Limits): a
 * 10-second rolling window for most calls and 5 searches a second beside it. The windows live in
 * the database (hubspot_budgets), so every process on it, and scans, merges and clean-ups alike,
 * draw on one budget per portal and app (budgetKey()); a slot is taken in one statement under the
 * row's lock. The window's size starts from the app type and follows X-HubSpot-RateLimit-Max.
 */
export class PortalLimiter {
  private ready: Promise<void> | null = null;
  /** The standard window's size as the database last said, to write only what HubSpot changes. */
  private known = { capacity: 0, intervalMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly portalKey: string,
    private readonly burst: number,
  ) {}

  /** Waits for a free slot, then takes it. */
  async acquire(kind: RequestKind): Promise<void> {
    this.ready ??= this.createRows();
    await this.ready;
    for (;;) {
      const slot = await this.take(kind);
      if (kind === 'standard') this.known = { capacity: slot.capacity, intervalMs: slot.intervalMs };
      if (slot.granted) return;
      await sleep(Math.max(5, slot.waitMs));
    }
  }

  /** What HubSpot's response headers say of the budget. */
  async observe(headers: Record<string, string | undefined>): Promise<void> {
    const capacity = Number(headers['x-hubspot-ratelimit-max']);
    const intervalMs = Number(headers['x-hubspot-ratelimit-interval-milliseconds']);
    // HubSpot sends the two together; searches send neither.
    if (!(Number.isInteger(capacity) && capacity > 0 && Number.isInteger(intervalMs) && intervalMs > 0)) return;
    if (capacity === this.known.capacity && intervalMs === this.known.intervalMs) return;
    this.known = { capacity, intervalMs };
    await this.db.execute(sql`update hubspot_budgets set capacity = ${capacity}, interval_ms = ${intervalMs} where portal_key = ${this.portalKey} and kind = 'standard'`);
  }

  /**
   * A 429: every process holds requests of this kind for as long as HubSpot's Retry-After says,
   * or, as HubSpot usually sends none, until the oldest request leaves the window.
   */
  async backOff(kind: RequestKind, headers: Record<string, string | undefined> = {}): Promise<void> {
    const retryAfterMs = retryAfter(headers['retry-after']);
    await this.db.execute(sql`
      with now as (select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
      update hubspot_budgets b
      set paused_until = greatest(
        b.paused_until,
        now.ms + case
          when ${retryAfterMs} > 0 then ${retryAfterMs}
          else coalesce((select min(s) from unnest(b.request_times) as s where s > now.ms - ${span}) + ${span} - now.ms, b.interval_ms)
        end
      )
      from now
      where b.portal_key = ${this.portalKey} and b.kind = ${kind}`);
  }

  private async createRows(): Promise<void> {
    await this.db.execute(sql`
      insert into hubspot_budgets (portal_key, kind, capacity, interval_ms)
      values (${this.portalKey}, 'standard', ${this.burst}, 10000), (${this.portalKey}, 'search', 5, 1000)
      on conflict do nothing`);
  }

  /**
   * One statement: lock the row, drop the requests that left the window, and take a slot when
   * one is free and no 429 pause holds; otherwise say how long until one frees up.
   */
  private async take(kind: RequestKind): Promise<{ granted: boolean; waitMs: number; capacity: number; intervalMs: number }> {
    const result = await this.db.execute(sql`
      with now as (select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms),
      budget as (
        select b.capacity, b.interval_ms, ${span} as span, b.paused_until, now.ms as now,
          array(select s from unnest(b.request_times) as s where s > now.ms - ${span} order by s) as kept
        from hubspot_budgets b, now
        where b.portal_key = ${this.portalKey} and b.kind = ${kind}
        for update of b
      ),
      verdict as (select *, (paused_until <= now and cardinality(kept) < capacity) as granted from budget),
      saved as (
        update hubspot_budgets b
        set request_times = case when v.granted then v.kept || v.now else v.kept end
        from verdict v
        where b.portal_key = ${this.portalKey} and b.kind = ${kind}
        returning 1
      )
      select v.granted, v.capacity, v.interval_ms as "intervalMs",
        greatest(
          v.paused_until - v.now,
          case when cardinality(v.kept) < v.capacity then 0 else v.kept[cardinality(v.kept) - v.capacity + 1] + v.span - v.now end
        )::int as "waitMs"
      from verdict v`);
    const row = (result as unknown as { rows: { granted: boolean; waitMs: number; capacity: number; intervalMs: number }[] }).rows[0];
    if (!row) throw new Error(`No HubSpot budget for portal ${this.portalKey}`);
    return { granted: row.granted, waitMs: Number(row.waitMs), capacity: Number(row.capacity), intervalMs: Number(row.intervalMs) };
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds (0 when absent or unreadable). */
function retryAfter(value: string | undefined): number {
  if (!value) return 0;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms))) : 0;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Which budget a connection draws on. HubSpot gives the OAuth app a budget per installing
 * account and each private app one of its own (HUBSPOT.md, Limits), so a row is kept per portal
 * and app: shared, each app's headers would keep resizing the other's window. A private app is
 * known by a digest of its token (what HubSpot tells us names no app), which the probe before
 * saving a connection and every scan, merge and clean-up after it compute alike.
 */
export function budgetKey(portal: string, app: { authType: 'oauth' } | { authType: 'private_app'; token: string }): string {
  if (app.authType === 'oauth') return `${portal}:oauth`;
  return `${portal}:private:${createHash('sha256').update(app.token).digest('hex').slice(0, 16)}`;
}

/**
 * The budget of one app in a portal (by budgetKey()). HUBSPOT.md: 110 per 10 s for a public app,
 * 100 for the smallest private-app tier, raised once HubSpot's headers say more.
 */
export function portalLimiter(db: Db, portalKey: string, authType: 'oauth' | 'private_app'): PortalLimiter {
  return new PortalLimiter(db, portalKey, authType === 'oauth' ? 110 : 100);
}
