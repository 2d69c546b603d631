/**
 * HubSpot's API limits: a rolling burst window per private app (per app and installing
 * account for OAuth), a daily budget per account for private apps, and search's own limit
 * per account, outside the burst budget. Windows run on the sandbox clock and can be
 * shortened or turned off for tests.
 */
import type { RateLimitPolicy } from './hubspot-errors';
import type { SandboxClock } from './sandbox-clock';

export type Tier = 'starter' | 'professional' | 'enterprise';

export interface RateLimitSettings {
  enabled: boolean;
  /** The burst window: HubSpot's ten seconds. */
  windowMs: number;
  burst: Readonly<Record<Tier | 'oauth', number>>;
  /** Private apps only; per account, reset at midnight in the account's time zone. */
  daily: Readonly<Record<Tier, number>>;
  searchWindowMs: number;
  searchPerWindow: number;
}

export const HUBSPOT_RATE_LIMITS: RateLimitSettings = {
  enabled: true,
  windowMs: 10_000,
  burst: { starter: 100, professional: 190, enterprise: 190, oauth: 110 },
  daily: { starter: 250_000, professional: 625_000, enterprise: 1_000_000 },
  searchWindowMs: 1_000,
  searchPerWindow: 5,
};

export interface RateLimitOptions {
  enabled?: boolean;
  windowMs?: number;
  burst?: Partial<Record<Tier | 'oauth', number>>;
  daily?: Partial<Record<Tier, number>>;
  searchWindowMs?: number;
  searchPerWindow?: number;
}

export function resolveRateLimits(base: RateLimitSettings, options: RateLimitOptions | false | undefined): RateLimitSettings {
  if (options === false) return { ...base, enabled: false };
  if (!options) return base;
  return {
    enabled: options.enabled ?? base.enabled,
    windowMs: options.windowMs ?? base.windowMs,
    burst: { ...base.burst, ...options.burst },
    daily: { ...base.daily, ...options.daily },
    searchWindowMs: options.searchWindowMs ?? base.searchWindowMs,
    searchPerWindow: options.searchPerWindow ?? base.searchPerWindow,
  };
}

/** Who is calling, as far as limits go. */
export interface RateLimitCaller {
  kind: 'private-app' | 'oauth';
  /** The burst bucket: the private app's token, or the OAuth app and installing account. */
  burstKey: string;
  portalId: number;
  tier: Tier;
  timeZone: string;
}

export type RequestKind = 'standard' | 'search';

export type Verdict =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; policy: RateLimitPolicy; headers: Record<string, string> };

/** Request times inside the window, oldest first. */
class RollingWindow {
  private stamps: number[] = [];
  private head = 0;

  count(now: number, windowMs: number): number {
    while (this.head < this.stamps.length && this.stamps[this.head]! <= now - windowMs) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
    return this.stamps.length - this.head;
  }

  add(now: number): void {
    this.stamps.push(now);
  }
}

export class RateLimiter {
  private readonly bursts = new Map<string, RollingWindow>();
  private readonly searches = new Map<number, RollingWindow>();
  private readonly days = new Map<number, { day: string; used: number }>();
  private readonly dayFormats = new Map<string, Intl.DateTimeFormat>();

  constructor(
    private settings: RateLimitSettings,
    private readonly clock: SandboxClock,
  ) {}

  get current(): RateLimitSettings {
    return this.settings;
  }

  /** New limits; counts so far are kept unless `reset` is called. */
  configure(settings: RateLimitSettings): void {
    this.settings = settings;
  }

  reset(): void {
    this.bursts.clear();
    this.searches.clear();
    this.days.clear();
  }

  /** Counts the request if it may go through; the headers HubSpot would send either way. */
  check(caller: RateLimitCaller, kind: RequestKind): Verdict {
    const settings = this.settings;
    if (!settings.enabled) return { allowed: true, headers: {} };
    const now = this.clock.now();
    const burstMax = caller.kind === 'oauth' ? settings.burst.oauth : settings.burst[caller.tier];
    const burst = this.window(this.bursts, caller.burstKey);
    const daily = caller.kind === 'private-app' ? this.day(caller, now) : null;
    const dailyMax = settings.daily[caller.tier];

    const headers = (burstUsed: number, dailyUsed: number): Record<string, string> => {
      if (kind === 'search') return {};
      return {
        ...(daily ? { 'x-hubspot-ratelimit-daily': String(dailyMax), 'x-hubspot-ratelimit-daily-remaining': String(Math.max(0, dailyMax - dailyUsed)) } : {}),
        'x-hubspot-ratelimit-interval-milliseconds': String(settings.windowMs),
        'x-hubspot-ratelimit-max': String(burstMax),
        'x-hubspot-ratelimit-remaining': String(Math.max(0, burstMax - burstUsed)),
      };
    };

    const burstUsed = burst.count(now, settings.windowMs);
    const dailyUsed = daily?.used ?? 0;
    if (daily && dailyUsed >= dailyMax) return { allowed: false, policy: 'DAILY', headers: headers(burstUsed, dailyUsed) };
    if (kind === 'search') {
      const search = this.window(this.searches, caller.portalId);
      if (search.count(now, settings.searchWindowMs) >= settings.searchPerWindow) return { allowed: false, policy: 'SECONDLY', headers: {} };
      search.add(now);
    } else {
      if (burstUsed >= burstMax) return { allowed: false, policy: 'TEN_SECONDLY_ROLLING', headers: headers(burstUsed, dailyUsed) };
      burst.add(now);
    }
    if (daily) daily.used++;
    return { allowed: true, headers: headers(kind === 'search' ? burstUsed : burstUsed + 1, dailyUsed + 1) };
  }

  private window<K>(windows: Map<K, RollingWindow>, key: K): RollingWindow {
    let window = windows.get(key);
    if (!window) {
      window = new RollingWindow();
      windows.set(key, window);
    }
    return window;
  }

  private day(caller: RateLimitCaller, now: number): { day: string; used: number } {
    let format = this.dayFormats.get(caller.timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: caller.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      this.dayFormats.set(caller.timeZone, format);
    }
    const today = format.format(now);
    let budget = this.days.get(caller.portalId);
    if (!budget || budget.day !== today) {
      budget = { day: today, used: 0 };
      this.days.set(caller.portalId, budget);
    }
    return budget;
  }
}
