import { Client } from '@hubspot/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectType } from '../../../shared/object-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CrmConnection } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { connectionTokens, HubSpotError, type HubSpotRecord, type TokenSource, portalLimiter, sleep, type PortalLimiter } from '../hubspot';

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
}

/** HubSpot refused the request itself (a 4xx): retrying would not help. */
export class HubSpotRefusal extends HubSpotError {
  constructor(
    message: string,
    status: number,
    readonly category: string | null,
    readonly subCategory: string | null,
  ) {
    super('invalid', message, status);
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

const MAX_ATTEMPTS = 6;
const MAX_RATE_LIMITED = 60;
const BATCH_READ_MAX = 100;
/** Property catalogs change rarely; reading them again for every plan would spend the portal's requests. */
const CATALOG_TTL_MS = 10 * 60_000;
const catalogs = new Map<string, { at: number; properties: PropertyInfo[] }>();

/**
 * The reads and writes a merge makes, through the official SDK, behind the portal's limiter
 * (the same one scans use). Reads and value updates are retried on 429, 5xx and network errors
 * like every other call; merges and creations are not idempotent, so an unconfirmed one is
 * reported as UncertainOutcome for the caller to check before trying again.
 */
export class HubSpotRecords {
  private readonly client: Client;
  private token: string | null = null;

  constructor(private readonly deps: { config: Config; tokens: TokenSource; limiter: PortalLimiter; log: FastifyBaseLogger; portalKey: string }) {
    this.client = new Client({ basePath: deps.config.HUBSPOT_API_BASE.replace(/\/$/, '') });
  }

  async properties(objectType: ObjectType): Promise<PropertyInfo[]> {
    const key = `${this.deps.portalKey}:${objectType}`;
    const cached = catalogs.get(key);
    if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached.properties;
    const response = await this.call(objectType, 'retry', () => this.client.crm.properties.coreApi.getAllWithHttpInfo(objectType));
    const properties = response.results.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      fieldType: p.fieldType,
      readOnly: Boolean(p.calculated || p.modificationMetadata?.readOnlyValue),
      hidden: Boolean(p.hidden),
      options: [...(p.options ?? [])].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0)).map((o) => o.value),
    }));
    catalogs.set(key, { at: Date.now(), properties });
    return properties;
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
      const response = await this.call(objectType, 'retry', () =>
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
      const record = await this.call(objectType, 'retry', () => this.client.crm.objects.basicApi.getByIdWithHttpInfo(objectType, id, [...properties]));
      return toRecord(record);
    } catch (error) {
      if (error instanceof HubSpotRefusal && error.status === 404) return null;
      throw error;
    }
  }

  /** Sets property values; writing the same values again changes nothing, so it is retried freely. */
  async update(objectType: ObjectType, id: string, properties: Record<string, string | null>): Promise<HubSpotRecord> {
    const values = Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, value ?? '']));
    return toRecord(await this.call(objectType, 'retry', () => this.client.crm.objects.basicApi.updateWithHttpInfo(objectType, id, { properties: values })));
  }

  async create(objectType: ObjectType, properties: Record<string, string>): Promise<HubSpotRecord> {
    return toRecord(await this.call(objectType, 'uncertain', () => this.client.crm.objects.basicApi.createWithHttpInfo(objectType, { properties, associations: [] })));
  }

  /** Merges `otherId` into `primaryId`; answers the merged record (a new id for contacts and companies). */
  async merge(objectType: ObjectType, primaryId: string, otherId: string): Promise<HubSpotRecord> {
    const input = { primaryObjectId: primaryId, objectIdToMerge: otherId };
    const api = {
      contacts: this.client.crm.contacts.basicApi,
      companies: this.client.crm.companies.basicApi,
      deals: this.client.crm.deals.basicApi,
      tickets: this.client.crm.tickets.basicApi,
    }[objectType];
    return toRecord(await this.call(objectType, 'uncertain', () => api.mergeWithHttpInfo(input)));
  }

  /**
   * One request through the limiter. 429s wait for the window and go again (HubSpot did not act
   * on them); 401 refreshes an OAuth token once. 5xx and network errors are retried when
   * `onUnconfirmed` is 'retry', and reported as UncertainOutcome when it is 'uncertain'.
   */
  private async call<T>(objectType: ObjectType, onUnconfirmed: 'retry' | 'uncertain', request: () => Promise<{ data: T; headers: Record<string, string> }>): Promise<T> {
    let refreshed = false;
    let attempt = 0;
    let rateLimited = 0;
    for (;;) {
      await this.deps.limiter.acquire('standard');
      this.token ??= await this.deps.tokens.current();
      this.client.setAccessToken(this.token);
      try {
        const response = await request();
        this.deps.limiter.observe(response.headers);
        return response.data;
      } catch (error) {
        const status = typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : undefined;
        const body = bodyOf(error);
        const headers = (error as { headers?: unknown }).headers;
        if (headers && typeof headers === 'object') this.deps.limiter.observe(headers as Record<string, string>);
        if (status === 401 && this.deps.tokens.refresh && !refreshed) {
          refreshed = true;
          this.token = await this.deps.tokens.refresh();
          continue;
        }
        if (status === 401) throw new HubSpotError('auth', "HubSpot did not accept the connection's access token. Reconnect HubSpot in Settings.", 401);
        if (status === 403) throw new HubSpotError('scopes', `The HubSpot connection is not allowed to change ${objectType}. Reconnect HubSpot and grant write access to ${objectType}.`, 403);
        if (status === 429 && body.policyName === 'DAILY') {
          throw new HubSpotError('daily-limit', 'This HubSpot portal has used up its API requests for today. Try again tomorrow.', 429);
        }
        if (status === 429) {
          if (++rateLimited >= MAX_RATE_LIMITED) throw new HubSpotError('unavailable', 'HubSpot kept asking us to slow down. Please try again later.', 429);
          this.deps.limiter.backOff('standard');
          continue;
        }
        if (status !== undefined && status < 500) {
          throw new HubSpotRefusal(body.message ?? `HubSpot refused the request (status ${status}).`, status, body.category ?? null, body.subCategory ?? null);
        }
        if (onUnconfirmed === 'uncertain') throw new UncertainOutcome(error);
        if (++attempt >= MAX_ATTEMPTS) {
          throw new HubSpotError('unavailable', `HubSpot is not responding as it should (${status ? `status ${status}` : 'network error'}). Please try again later.`, status);
        }
        await sleep(Math.min(5_000, 200 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5));
        this.deps.log.debug({ status, attempt, objectType }, 'HubSpot request retried');
      }
    }
  }
}

/** The records API of a user's connection, sharing the portal's limiter with scans. */
export async function recordsApiFor(deps: { db: Db; config: Config; log: FastifyBaseLogger }, connection: CrmConnection): Promise<HubSpotRecords> {
  const portalKey = connection.hubId ?? `connection-${connection.id}`;
  return new HubSpotRecords({
    config: deps.config,
    tokens: connectionTokens({ db: deps.db, config: deps.config, secrets: await secretBoxFor(deps.config) }, connection),
    limiter: portalLimiter(portalKey, connection.authType === 'oauth' ? 'oauth' : 'private_app'),
    log: deps.log,
    portalKey,
  });
}

function toRecord(result: { id: string; properties: Record<string, string | null>; createdAt: Date; updatedAt: Date; archived?: boolean }): HubSpotRecord {
  return { id: result.id, properties: result.properties, createdAt: result.createdAt, updatedAt: result.updatedAt, ...(result.archived ? { archived: true } : {}) };
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
