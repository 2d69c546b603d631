import { Client } from '@hubspot/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectType } from '../../../shared/object-types';
import type { Config } from '../../config';
import { sleep, type PortalLimiter } from './portal-limiter';

/** A record as HubSpot gives it: every property value a string or null. */
export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: Date;
  updatedAt: Date;
  archived?: boolean;
}

export interface RecordPage {
  results: HubSpotRecord[];
  /** Cursor of the next page; absent on the last one. */
  after?: string;
  /** Searches only: how many records match in all. */
  total?: number;
}

export type HubSpotErrorKind = 'auth' | 'scopes' | 'daily-limit' | 'unavailable' | 'invalid';

/** A HubSpot failure in words a user can act on; `kind` says what to do about it. */
export class HubSpotError extends Error {
  constructor(
    readonly kind: HubSpotErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HubSpotError';
  }
}

/** Gives the access token to use, and a fresh one when HubSpot refused it (OAuth only). */
export interface TokenSource {
  current(): Promise<string>;
  refresh?(): Promise<string>;
}

export interface SearchFilter {
  propertyName: string;
  operator: 'EQ' | 'NEQ' | 'LT' | 'LTE' | 'GT' | 'GTE' | 'BETWEEN' | 'IN' | 'NOT_IN' | 'HAS_PROPERTY' | 'NOT_HAS_PROPERTY' | 'CONTAINS_TOKEN' | 'NOT_CONTAINS_TOKEN';
  value?: string;
  highValue?: string;
  values?: string[];
}

export interface SearchRequest {
  filters: SearchFilter[];
  sorts: { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }[];
  properties: readonly string[];
  limit: number;
  after?: string;
}

/** Attempts at a request that keeps failing with a 5xx or a network error. */
const MAX_ATTEMPTS = 7;
/** 429s are expected under load and cost only waiting: many more are tolerated. */
const MAX_RATE_LIMITED = 60;

/**
 * The HubSpot calls the product makes, through the official SDK, each behind the portal's
 * limiter and retried on 429, 5xx and network errors with backoff. The SDK's own retries
 * and limiter stay off: they are process-wide and know nothing of portals.
 */
export class HubSpotApi {
  private readonly client: Client;
  private token: string | null = null;

  constructor(
    private readonly deps: { config: Config; tokens: TokenSource; limiter: PortalLimiter; log: FastifyBaseLogger; objectLabel?: string },
  ) {
    this.client = new Client({ basePath: deps.config.HUBSPOT_API_BASE.replace(/\/$/, '') });
  }

  async listPage(objectType: ObjectType, options: { properties: readonly string[]; after?: string; archived?: boolean; limit?: number }): Promise<RecordPage> {
    const response = await this.call('standard', objectType, () =>
      this.client.crm.objects.basicApi.getPageWithHttpInfo(objectType, options.limit ?? 100, options.after, [...options.properties], undefined, undefined, options.archived ?? false),
    );
    const after = response.paging?.next?.after;
    return { results: response.results.map(toRecord), ...(after ? { after } : {}) };
  }

  async search(objectType: ObjectType, request: SearchRequest): Promise<RecordPage> {
    const response = await this.call('search', objectType, () =>
      this.client.crm.objects.searchApi.doSearchWithHttpInfo(objectType, {
        filterGroups: [{ filters: request.filters }],
        // HubSpot takes sort objects; the SDK's type says strings but passes objects through.
        sorts: request.sorts,
        properties: [...request.properties],
        limit: request.limit,
        ...(request.after ? { after: request.after } : {}),
      } as never),
    );
    const after = response.paging?.next?.after;
    return { total: response.total, results: response.results.map(toRecord), ...(after ? { after } : {}) };
  }

  private async call<T>(kind: 'standard' | 'search', objectType: ObjectType, request: () => Promise<{ data: T; headers: Record<string, string> }>): Promise<T> {
    let refreshed = false;
    let attempt = 0;
    let rateLimited = 0;
    for (;;) {
      await this.deps.limiter.acquire(kind);
      this.token ??= await this.deps.tokens.current();
      this.client.setAccessToken(this.token);
      try {
        const response = await request();
        this.deps.limiter.observe(response.headers);
        return response.data;
      } catch (error) {
        const status = statusOf(error);
        const body = bodyOf(error);
        // A 429 carries the window's size too: without it the first 429 would pause for HubSpot's default window.
        const headers = (error as { headers?: unknown }).headers;
        if (headers && typeof headers === 'object') this.deps.limiter.observe(headers as Record<string, string>);
        if (status === 401 && this.deps.tokens.refresh && !refreshed) {
          refreshed = true;
          this.token = await this.deps.tokens.refresh();
          continue;
        }
        if (status === 401) throw new HubSpotError('auth', 'HubSpot did not accept the connection\'s access token. Reconnect HubSpot in Settings.', 401);
        if (status === 403) {
          throw new HubSpotError('scopes', `The HubSpot connection is not allowed to read ${objectType}. Reconnect HubSpot and grant access to ${objectType}.`, 403);
        }
        if (status === 429 && body.policyName === 'DAILY') {
          throw new HubSpotError('daily-limit', 'This HubSpot portal has used up its API requests for today. Scans can continue tomorrow.', 429);
        }
        const retriable = status === 429 || status === undefined || status >= 500;
        if (!retriable) throw new HubSpotError('invalid', `HubSpot refused the request: ${body.message ?? `status ${status}`}.`, status);
        if (status === 429) rateLimited++;
        else attempt++;
        if (attempt >= MAX_ATTEMPTS || rateLimited >= MAX_RATE_LIMITED) {
          throw new HubSpotError('unavailable', `HubSpot is not responding as it should (${status ? `status ${status}` : describeNetworkError(error)}). Please try again later.`, status);
        }
        if (status === 429) this.deps.limiter.backOff(kind);
        else await sleep(Math.min(5_000, 200 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5));
        this.deps.log.debug({ status, attempt, objectType }, 'HubSpot request retried');
      }
    }
  }
}

function toRecord(result: { id: string; properties: Record<string, string | null>; createdAt: Date; updatedAt: Date; archived?: boolean }): HubSpotRecord {
  return { id: result.id, properties: result.properties, createdAt: result.createdAt, updatedAt: result.updatedAt, ...(result.archived ? { archived: true } : {}) };
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

function bodyOf(error: unknown): { message?: string; policyName?: string; category?: string } {
  const body = (error as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as { message?: string };
    } catch {
      return {};
    }
  }
  return body && typeof body === 'object' ? (body as { message?: string }) : {};
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : 'network error';
}
