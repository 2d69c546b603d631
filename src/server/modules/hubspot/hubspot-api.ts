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

/** HubSpot refused the request itself (a 4xx): retrying would not help. */
export class HubSpotRefusal extends HubSpotError {
  constructor(
    /** HubSpot's own words, for callers that put the refusal in a sentence of their own. */
    readonly reason: string,
    status: number,
    readonly category: string | null,
    readonly subCategory: string | null,
  ) {
    super('invalid', `HubSpot refused the request: ${reason.replace(/\.$/, '')}.`, status);
    this.name = 'HubSpotRefusal';
  }
}

/** The request may or may not have reached HubSpot (a 5xx or a dropped connection): look before trying again. */
export class UncertainOutcome extends Error {
  constructor(override readonly cause: unknown) {
    super('HubSpot did not confirm the request');
    this.name = 'UncertainOutcome';
  }
}

/** What merging needs to know of a property: whether it can be written, and its options' order. */
export interface PropertyInfo {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  /** HubSpot computes it or refuses writes. */
  readOnly: boolean;
  hidden: boolean;
  /** Option values in display order (lifecycle stages run down the funnel). */
  options: string[];
  /** What HubSpot's screens call each option value. */
  optionLabels?: Record<string, string>;
}

/** A HubSpot user records can be assigned to (`hubspot_owner_id`). */
export interface OwnerInfo {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface PipelineInfo {
  id: string;
  label: string;
  stages: { id: string; label: string }[];
}

/**
 * How a request is retried. Reads and value updates change nothing when repeated, so a 5xx or
 * a dropped connection is retried; merges and creations are not, so an unconfirmed one is
 * reported as UncertainOutcome for the caller to check before trying again.
 */
interface CallOptions {
  kind: 'standard' | 'search';
  objectType: ObjectType | 'owners';
  writes: boolean;
  onUnconfirmed: 'retry' | 'uncertain';
}

/** Attempts at a request that keeps failing with a 5xx or a network error. */
const MAX_ATTEMPTS = 7;
/** 429s are expected under load and cost only waiting: many more are tolerated. */
const MAX_RATE_LIMITED = 60;
const BATCH_READ_MAX = 100;
/** HubSpot's largest owners page. */
const OWNERS_PAGE = 500;
/** Property catalogs change rarely; reading them again for every plan would spend the portal's requests. */
const CATALOG_TTL_MS = 10 * 60_000;
const catalogs = new Map<string, { at: number; properties: PropertyInfo[] }>();

/**
 * Every HubSpot call the product makes, through the official SDK, each behind the portal's
 * limiter: scans, merges and restores of one portal share it. 429s wait for the window and go
 * again (HubSpot did not act on them), 401 refreshes an OAuth token once, and failures come out
 * as HubSpotError in words a user can act on. The SDK's own retries and limiter stay off: they
 * are process-wide and know nothing of portals.
 */
export class HubSpotApi {
  private readonly client: Client;
  private token: string | null = null;

  constructor(
    private readonly deps: { config: Config; tokens: TokenSource; limiter: PortalLimiter; log: FastifyBaseLogger; portalKey: string },
  ) {
    this.client = new Client({ basePath: deps.config.HUBSPOT_API_BASE.replace(/\/$/, '') });
  }

  async listPage(objectType: ObjectType, options: { properties: readonly string[]; after?: string; archived?: boolean; limit?: number }): Promise<RecordPage> {
    const response = await this.call(reading(objectType), () =>
      this.client.crm.objects.basicApi.getPageWithHttpInfo(objectType, options.limit ?? 100, options.after, [...options.properties], undefined, undefined, options.archived ?? false),
    );
    const after = response.paging?.next?.after;
    return { results: response.results.map(toRecord), ...(after ? { after } : {}) };
  }

  async search(objectType: ObjectType, request: SearchRequest): Promise<RecordPage> {
    const response = await this.call({ ...reading(objectType), kind: 'search' }, () =>
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

  /** `fresh`: read HubSpot's catalog even when a recent copy is at hand (a scan refreshing its labels). */
  async properties(objectType: ObjectType, options: { fresh?: boolean } = {}): Promise<PropertyInfo[]> {
    const key = `${this.deps.portalKey}:${objectType}`;
    const cached = catalogs.get(key);
    if (!options.fresh && cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached.properties;
    const response = await this.call(reading(objectType), () => this.client.crm.properties.coreApi.getAllWithHttpInfo(objectType));
    const properties = response.results.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      fieldType: p.fieldType,
      readOnly: Boolean(p.calculated || p.modificationMetadata?.readOnlyValue),
      hidden: Boolean(p.hidden),
      options: [...(p.options ?? [])].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0)).map((o) => o.value),
      optionLabels: Object.fromEntries((p.options ?? []).filter((o) => o.label).map((o) => [o.value, o.label])),
    }));
    catalogs.set(key, { at: Date.now(), properties });
    return properties;
  }

  /** Every owner of the portal, active and deactivated (old records keep a deactivated owner's id). */
  async owners(): Promise<OwnerInfo[]> {
    const owners: OwnerInfo[] = [];
    for (const archived of [false, true]) {
      let after: string | undefined;
      do {
        const response = await this.call(reading('owners'), () => this.client.crm.owners.ownersApi.getPageWithHttpInfo(undefined, after, OWNERS_PAGE, archived));
        for (const o of response.results) owners.push({ id: String(o.id), firstName: o.firstName || null, lastName: o.lastName || null, email: o.email || null });
        after = response.paging?.next?.after;
      } while (after);
    }
    return owners;
  }

  /** The pipelines of deals or tickets with their stages, archived ones included (records may still sit in them). */
  async pipelines(objectType: 'deals' | 'tickets'): Promise<PipelineInfo[]> {
    const response = await this.call(reading(objectType), () => this.client.crm.pipelines.pipelinesApi.getAllWithHttpInfo(objectType));
    return response.results.map((p) => ({ id: p.id, label: p.label, stages: p.stages.map((s) => ({ id: s.id, label: s.label })) }));
  }

  /**
   * The records HubSpot has under these ids, following merges: an id merged away comes back
   * as the record it lives on in. Ids HubSpot has no record for are `missing`.
   */
  async read(objectType: ObjectType, ids: readonly string[], properties: readonly string[]): Promise<{ records: HubSpotRecord[]; missing: string[] }> {
    const records = new Map<string, HubSpotRecord>();
    const missing: string[] = [];
    for (let from = 0; from < ids.length; from += BATCH_READ_MAX) {
      const inputs = ids.slice(from, from + BATCH_READ_MAX).map((id) => ({ id }));
      const response = await this.call(reading(objectType), () =>
        this.client.crm.objects.batchApi.readWithHttpInfo(objectType, { inputs, properties: [...properties], propertiesWithHistory: [] }, false),
      );
      for (const result of response.results) records.set(result.id, toRecord(result));
      const errors = (response as { errors?: { context?: { ids?: string[] } }[] }).errors ?? [];
      for (const error of errors) missing.push(...(error.context?.ids ?? []));
    }
    return { records: [...records.values()], missing };
  }

  /** One record by id (following merges), or null when HubSpot has none. */
  async get(objectType: ObjectType, id: string, properties: readonly string[]): Promise<HubSpotRecord | null> {
    try {
      return toRecord(await this.call(reading(objectType), () => this.client.crm.objects.basicApi.getByIdWithHttpInfo(objectType, id, [...properties])));
    } catch (error) {
      if (error instanceof HubSpotRefusal && error.status === 404) return null;
      throw error;
    }
  }

  /** Sets property values; writing the same values again changes nothing, so it is retried freely. */
  async update(objectType: ObjectType, id: string, properties: Record<string, string | null>): Promise<HubSpotRecord> {
    const values = Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, value ?? '']));
    return toRecord(await this.call(writing(objectType, 'retry'), () => this.client.crm.objects.basicApi.updateWithHttpInfo(objectType, id, { properties: values })));
  }

  async create(objectType: ObjectType, properties: Record<string, string>): Promise<HubSpotRecord> {
    return toRecord(await this.call(writing(objectType, 'uncertain'), () => this.client.crm.objects.basicApi.createWithHttpInfo(objectType, { properties, associations: [] })));
  }

  /** Merges `otherId` into `primaryId`; answers the merged record (a new id for contacts and companies). */
  async merge(objectType: ObjectType, primaryId: string, otherId: string): Promise<HubSpotRecord> {
    const input = { primaryObjectId: primaryId, objectIdToMerge: otherId };
    // Looked up inside the request: setting the access token rebuilds the SDK's API objects, so
    // one taken beforehand would send no token (a merge as a fresh client's first call got 401).
    const api = () =>
      ({
        contacts: this.client.crm.contacts.basicApi,
        companies: this.client.crm.companies.basicApi,
        deals: this.client.crm.deals.basicApi,
        tickets: this.client.crm.tickets.basicApi,
      })[objectType];
    return toRecord(await this.call(writing(objectType, 'uncertain'), () => api().mergeWithHttpInfo(input)));
  }

  private async call<T>(options: CallOptions, request: () => Promise<{ data: T; headers: Record<string, string> }>): Promise<T> {
    const { kind, objectType } = options;
    let refreshed = false;
    let attempt = 0;
    let rateLimited = 0;
    for (;;) {
      await this.deps.limiter.acquire(kind);
      this.token ??= await this.deps.tokens.current();
      this.client.setAccessToken(this.token);
      let response: { data: T; headers: Record<string, string> };
      try {
        response = await request();
      } catch (error) {
        const status = statusOf(error);
        const body = bodyOf(error);
        // A 429 carries the window's size too: without it the first 429 would pause for HubSpot's default window.
        const found = (error as { headers?: unknown }).headers;
        const headers = found && typeof found === 'object' ? (found as Record<string, string>) : {};
        await this.observe(headers);
        if (status === 401 && this.deps.tokens.refresh && !refreshed) {
          refreshed = true;
          this.token = await this.deps.tokens.refresh();
          continue;
        }
        if (status === 401) throw new HubSpotError('auth', "HubSpot did not accept the connection's access token. Reconnect HubSpot in Settings.", 401);
        if (status === 403) {
          throw new HubSpotError(
            'scopes',
            options.writes
              ? `The HubSpot connection is not allowed to change ${objectType}. Reconnect HubSpot and grant write access to ${objectType}.`
              : `The HubSpot connection is not allowed to read ${objectType}. Reconnect HubSpot and grant access to ${objectType}.`,
            403,
          );
        }
        if (status === 429 && body.policyName === 'DAILY') {
          throw new HubSpotError('daily-limit', 'This HubSpot portal has used up its API requests for today. Try again tomorrow.', 429);
        }
        if (status === 429) {
          if (++rateLimited >= MAX_RATE_LIMITED) throw new HubSpotError('unavailable', 'HubSpot kept asking us to slow down. Please try again later.', 429);
          await this.deps.limiter.backOff(kind, headers);
          this.deps.log.debug({ status, rateLimited, objectType }, 'HubSpot request retried');
          continue;
        }
        if (status !== undefined && status < 500) {
          throw new HubSpotRefusal(body.message ?? `status ${status}`, status, body.category ?? null, body.subCategory ?? null);
        }
        if (options.onUnconfirmed === 'uncertain') throw new UncertainOutcome(error);
        if (++attempt >= MAX_ATTEMPTS) {
          throw new HubSpotError('unavailable', `HubSpot is not responding as it should (${status ? `status ${status}` : describeNetworkError(error)}). Please try again later.`, status);
        }
        await sleep(Math.min(5_000, 200 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5));
        this.deps.log.debug({ status, attempt, objectType }, 'HubSpot request retried');
        continue;
      }
      // Outside the classification: HubSpot has answered, so a database error here must not make a creation look unconfirmed.
      await this.observe(response.headers);
      return response.data;
    }
  }

  /**
   * Best-effort: the headers only refine the window's size, so a failed write is logged and the
   * answer stands (a creation reported as unconfirmed would be created again by the user's retry,
   * and a 429 or 5xx would hide behind the database's error).
   */
  private async observe(headers: Record<string, string>): Promise<void> {
    try {
      await this.deps.limiter.observe(headers);
    } catch (error) {
      this.deps.log.warn({ err: error, portalKey: this.deps.portalKey }, "HubSpot's rate-limit headers were not saved");
    }
  }
}

const reading = (objectType: CallOptions['objectType']): CallOptions => ({ kind: 'standard', objectType, writes: false, onUnconfirmed: 'retry' });
const writing = (objectType: ObjectType, onUnconfirmed: CallOptions['onUnconfirmed']): CallOptions => ({ kind: 'standard', objectType, writes: true, onUnconfirmed });

function toRecord(result: { id: string; properties: Record<string, string | null>; createdAt: Date; updatedAt: Date; archived?: boolean }): HubSpotRecord {
  return { id: result.id, properties: result.properties, createdAt: result.createdAt, updatedAt: result.updatedAt, ...(result.archived ? { archived: true } : {}) };
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

function bodyOf(error: unknown): { message?: string; policyName?: string; category?: string; subCategory?: string } {
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
