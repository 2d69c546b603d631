/** Request counts per token, route and status, for benchmarks and tests that count calls. */

export interface Counter {
  requests: number;
  byStatus: Record<string, number>;
  /** Connections the fault injector destroyed without an answer. */
  dropped: number;
}

export interface TokenCounter extends Counter {
  kind: 'private-app' | 'oauth' | 'unknown' | 'none';
  portalId: number | null;
}

export interface StatsSnapshot extends Counter {
  since: string;
  byToken: Record<string, TokenCounter>;
  /** Keyed by method and route pattern, e.g. `POST /crm/v3/objects/:objectType/search`. */
  byRoute: Record<string, Counter>;
}

export interface RequestCaller {
  /** The bearer token, or `(none)`. */
  key: string;
  kind: TokenCounter['kind'];
  portalId: number | null;
}

const emptyCounter = (): Counter => ({ requests: 0, byStatus: {}, dropped: 0 });

export class RequestStats {
  private since = new Date();
  private total = emptyCounter();
  private tokens = new Map<string, TokenCounter>();
  private routes = new Map<string, Counter>();

  /** `status` 0 is a dropped connection. */
  record(caller: RequestCaller, route: string, status: number): void {
    let token = this.tokens.get(caller.key);
    if (!token) {
      token = { ...emptyCounter(), kind: caller.kind, portalId: caller.portalId };
      this.tokens.set(caller.key, token);
    }
    let byRoute = this.routes.get(route);
    if (!byRoute) {
      byRoute = emptyCounter();
      this.routes.set(route, byRoute);
    }
    for (const counter of [this.total, token, byRoute]) {
      counter.requests++;
      if (status === 0) counter.dropped++;
      else counter.byStatus[status] = (counter.byStatus[status] ?? 0) + 1;
    }
  }

  snapshot(): StatsSnapshot {
    const copy = (counter: Counter): Counter => ({ requests: counter.requests, byStatus: { ...counter.byStatus }, dropped: counter.dropped });
    return {
      since: this.since.toISOString(),
      ...copy(this.total),
      byToken: Object.fromEntries([...this.tokens].map(([key, counter]) => [key, { ...counter, ...copy(counter) }])),
      byRoute: Object.fromEntries([...this.routes].map(([key, counter]) => [key, copy(counter)])),
    };
  }

  reset(): void {
    this.since = new Date();
    this.total = emptyCounter();
    this.tokens = new Map();
    this.routes = new Map();
  }
}
