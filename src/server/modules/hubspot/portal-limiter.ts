/**
 * Requests a portal may still make, per HubSpot's limits (HUBSPOT.md, Limits): a 10-second
 * rolling window for most calls and 5 searches a second beside it. One limiter per portal
 * in the process: the SDK's own limiter is process-wide and knows nothing of portals.
 * The window's size starts from the app type and follows X-HubSpot-RateLimit-Max.
 */
export class PortalLimiter {
  private readonly standard: RollingWindow;
  private readonly search = new RollingWindow(5, 1_000);
  /** When HubSpot said a window is spent (a 429): nothing of that kind goes out before this. */
  private readonly pausedUntil = { standard: 0, search: 0 };

  constructor(burst: number) {
    this.standard = new RollingWindow(burst, 10_000);
  }

  /** Waits for a free slot, then takes it. */
  async acquire(kind: 'standard' | 'search'): Promise<void> {
    const window = kind === 'search' ? this.search : this.standard;
    for (;;) {
      const now = Date.now();
      const wait = Math.max(this.pausedUntil[kind] - now, window.waitFor(now));
      if (wait <= 0) {
        window.take(now);
        return;
      }
      await sleep(wait);
    }
  }

  /** What HubSpot's response headers say of the budget. */
  observe(headers: Record<string, string | undefined>): void {
    const max = Number(headers['x-hubspot-ratelimit-max']);
    const interval = Number(headers['x-hubspot-ratelimit-interval-milliseconds']);
    if (Number.isInteger(max) && max > 0) this.standard.capacity = max;
    if (Number.isInteger(interval) && interval > 0) this.standard.intervalMs = interval;
  }

  /** A 429: hold every request of this kind until the oldest request leaves the window. */
  backOff(kind: 'standard' | 'search'): void {
    this.pausedUntil[kind] = Date.now() + (kind === 'search' ? 1_000 : this.standard.oldestAge(Date.now()));
  }

  get capacity(): number {
    return this.standard.capacity;
  }
}

/** Times of the requests made in the last `intervalMs`, oldest first. */
class RollingWindow {
  private readonly times: number[] = [];

  constructor(
    public capacity: number,
    public intervalMs: number,
  ) {}

  /** Milliseconds until a request may go out. */
  waitFor(now: number): number {
    this.expire(now);
    if (this.times.length < this.capacity) return 0;
    // A small margin: HubSpot's clock and ours see a request a little apart.
    return this.times[this.times.length - this.capacity]! + this.intervalMs - now + 5;
  }

  take(now: number): void {
    this.times.push(now);
  }

  /** Milliseconds until the oldest request leaves the window. */
  oldestAge(now: number): number {
    this.expire(now);
    return this.times.length > 0 ? this.times[0]! + this.intervalMs - now + 5 : this.intervalMs;
  }

  private expire(now: number): void {
    while (this.times.length > 0 && this.times[0]! <= now - this.intervalMs) this.times.shift();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Limiters of the portals this process talks to, by HubSpot account id. */
const limiters = new Map<string, PortalLimiter>();

/** HUBSPOT.md: 110 per 10 s for a public app, 100 for the smallest private-app tier (raised once HubSpot's headers say more). */
export function portalLimiter(hubId: string, authType: 'oauth' | 'private_app'): PortalLimiter {
  let limiter = limiters.get(hubId);
  if (!limiter) limiters.set(hubId, (limiter = new PortalLimiter(authType === 'oauth' ? 110 : 100)));
  return limiter;
}
