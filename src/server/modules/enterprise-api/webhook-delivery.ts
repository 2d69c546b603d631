import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../../shared/contracts/webhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';
import { capabilitiesOf } from '../accounts';
import { guardedLookup, literalPrivateHost, portProblem, PRIVATE_URL_MESSAGE } from './webhook-url-guard';

export interface WebhookDeps {
  db: Db;
  config: Pick<Config, 'NODE_ENV'>;
  secrets: SecretBox;
  log?: FastifyBaseLogger;
  /** The whole attempt's deadline (DNS lookup included): 10 s unless a test wants less. */
  timeoutMs?: number;
}

const TIMEOUT_MS = 10_000;
/** A claim outlives any attempt (its overall deadline plus slack); after it a killed worker's delivery is taken over. */
export const WEBHOOK_LEASE_MS = 60_000;
/** Waits after the 1st, 2nd, ... failed attempt; the last repeats until the retry window closes. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 3600_000, 3 * 3600_000, 6 * 3600_000];
const WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 3600_000;
const CLAIM_BATCH = 10;

/** Stored on a pending delivery whose user's plan no longer has webhooks. */
export const WEBHOOKS_PLAN_MESSAGE = 'Webhooks need the Enterprise plan';

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the endpoint's secret: the recipe the docs give. */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Users with an enabled endpoint whose plan has webhooks now (the plan rules live in code, not SQL). */
async function usersWithWebhooks(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id, plan: users.plan, trialEndDate: users.trialEndDate })
    .from(users)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.userId, users.id))
    .where(eq(webhookEndpoints.enabled, true));
  return rows.filter((user) => capabilitiesOf(user, now).webhooks).map((user) => user.id);
}

/**
 * Makes a delivery for each outbox event of a webhook type and each enabled endpoint subscribed to
 * it of a user whose plan has webhooks, created since the endpoint's `events_since` (no history
 * replay, neither at registration nor on re-enabling or a change of events) and within the retry
 * window. Pairs that already have a delivery are skipped before the insert, so repeated ticks
 * draw no ids from the sequence; the unique (endpoint, event) index is the last guard against
 * two concurrent passes.
 */
export async function fanOutWebhookEvents(db: Db, publicUrl: string, now = new Date()): Promise<void> {
  const owners = await usersWithWebhooks(db, now);
  if (owners.length === 0) return;
  const since = new Date(now.getTime() - WINDOW_MS);
  // The event's own data plus links into the app (the object type's records when it has one).
  const data = sql`e.payload || jsonb_build_object('links', jsonb_strip_nulls(jsonb_build_object(
      'dashboard', ${`${publicUrl}/dashboard`}::text,
      'duplicates', case when e.kind = 'duplicates.found' then ${`${publicUrl}/duplicates`}::text end,
      'objects', case when e.payload ? 'objectType' then ${`${publicUrl}/objects/`}::text || (e.payload->>'objectType') end)))`;
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, user_id, event_type, event_id, payload, next_attempt_at, created_at)
    select w.id, w.user_id, e.kind, 'evt_' || e.id,
      jsonb_build_object('id', 'evt_' || e.id, 'type', e.kind, 'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', ${data}),
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from webhook_endpoints w
    join notification_events e on e.user_id = w.user_id and e.kind = any(w.events) and e.created_at >= w.events_since
    where w.enabled and w.user_id in (${sql.join(owners.map((id) => sql`${id}`), sql`, `)})
      and e.kind in (${sql.join(WEBHOOK_EVENT_TYPES.map((t) => sql`${t}`), sql`, `)}) and e.created_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from webhook_deliveries d where d.endpoint_id = w.id and d.event_id = 'evt_' || e.id)
    on conflict (endpoint_id, event_id) do nothing`);
}

/** A `test` event for one endpoint, to be sent at once. */
export async function createTestDelivery(db: Db, endpoint: { id: number; userId: number }, now = new Date()): Promise<number> {
  const eventId = `evt_test_${randomUUID()}`;
  const payload = { id: eventId, type: 'test', createdAt: now.toISOString(), data: { message: 'A test event from DataCleaner: your endpoint is reachable and the signature can be verified.' } };
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, userId: endpoint.userId, eventType: 'test', eventId, payload, nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/**
 * Takes due deliveries (or one by id): waiting ones whose time has come and sending ones whose
 * worker's lease ran out. The attempt is counted at the claim, so a killed worker's attempt counts too.
 */
export async function claimWebhookDeliveries(db: Db, now: Date, only?: number): Promise<WebhookDeliveryRow[]> {
  const at = now.toISOString();
  const due = sql`((status in ('pending', 'retrying') and next_attempt_at <= ${at}::timestamptz) or (status = 'sending' and lease_until < ${at}::timestamptz))`;
  const pick = only === undefined ? sql`` : sql`and id = ${only}`;
  return db
    .update(webhookDeliveries)
    .set({ status: 'sending', attempts: sql`${webhookDeliveries.attempts} + 1`, leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
    .where(sql`${webhookDeliveries.id} in (select id from webhook_deliveries where ${due} ${pick} order by next_attempt_at, id limit ${CLAIM_BATCH} for update skip locked)`)
    .returning();
}

interface Answer {
  status: number | null;
  retryAfter: string | undefined;
  error: string | null;
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$)/;

/**
 * A class of failure, never the socket's own text: what is stored and shown must not help probe
 * hosts and ports (the test button answers at once).
 */
export function errorClass(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ETIMEDOUT') return 'timed out';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'DNS lookup failed';
  if (TLS_CODES.test(code)) return 'TLS error';
  if (code === 'EPRIVATE') return PRIVATE_URL_MESSAGE;
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  return 'connection failed';
}

/**
 * One POST with the signed body; never throws: an unreachable endpoint is an answer too. The
 * deadline covers the whole attempt, DNS lookup and a trickled answer included, so it always ends
 * well within the claim's lease (an idle timeout alone would not: each byte restarts it).
 */
function post(url: string, rawBody: string, headers: Record<string, string>, production: boolean, timeoutMs: number): Promise<Answer> {
  if (literalPrivateHost(url, production)) return Promise.resolve({ status: null, retryAfter: undefined, error: PRIVATE_URL_MESSAGE });
  const refusedPort = portProblem(url, production);
  if (refusedPort) return Promise.resolve({ status: null, retryAfter: undefined, error: refusedPort });
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const request = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(rawBody)), 'User-Agent': 'DataCleaner-Webhooks/1' }, lookup: guardedLookup(production) },
      (response) => {
        // The body is not read into memory nor logged: only the status matters.
        response.resume();
        const retryAfter = response.headers['retry-after'];
        response.on('end', () => finish({ status: response.statusCode ?? null, retryAfter, error: null }));
        response.on('error', () => finish({ status: response.statusCode ?? null, retryAfter, error: null }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ status: null, retryAfter: undefined, error: 'timed out' });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ status: null, retryAfter: undefined, error: errorClass(error) }));
    request.end(rawBody);
  });
}

/** When to try again: Retry-After (seconds or a date) when the endpoint gave one, else the backoff step. */
export function nextAttemptAfter(attempts: number, retryAfter: string | undefined, now: Date): Date {
  let waitMs = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  if (retryAfter) {
    const seconds = /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - now.getTime();
    if (Number.isFinite(seconds) && seconds > 0) waitMs = Math.max(seconds, 1000);
  }
  return new Date(now.getTime() + waitMs);
}

/** Sends one claimed delivery and records the outcome in one update, fenced by this claim's lease. */
async function sendClaimed(deps: WebhookDeps, delivery: WebhookDeliveryRow, clock: () => Date): Promise<void> {
  const { db } = deps;
  const [found] = await db
    .select({ endpoint: webhookEndpoints, plan: users.plan, trialEndDate: users.trialEndDate })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(eq(webhookEndpoints.id, delivery.endpointId))
    .limit(1);
  const endpoint = found?.endpoint;
  const fence = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.leaseUntil, delivery.leaseUntil!));
  if (!endpoint || (!endpoint.enabled && delivery.eventType !== 'test')) {
    await db.update(webhookDeliveries).set({ status: 'failed', lastError: 'The endpoint is disabled', leaseUntil: null, nextAttemptAt: null }).where(fence);
    return;
  }
  // A downgrade stops sending at once, deliveries already made included.
  if (!capabilitiesOf(found, clock()).webhooks) {
    await db.update(webhookDeliveries).set({ status: 'failed', lastError: WEBHOOKS_PLAN_MESSAGE, leaseUntil: null, nextAttemptAt: null }).where(fence);
    return;
  }
  let secret: string;
  try {
    secret = deps.secrets.open(endpoint.secret);
  } catch {
    // Sealed with another key: no attempt can sign it, so it is not retried.
    await db.update(webhookDeliveries).set({ status: 'failed', lastError: 'The signing secret could not be read: rotate it', leaseUntil: null, nextAttemptAt: null }).where(fence);
    return;
  }
  const p = delivery.payload;
  // Key order fixed here (jsonb does not keep it); the same bytes on every retry.
  const rawBody = JSON.stringify({ id: p.id, type: p.type, createdAt: p.createdAt, data: p.data });
  const timestamp = Math.floor(clock().getTime() / 1000);
  const headers = {
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, rawBody),
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_EVENT_HEADER]: delivery.eventType,
    [WEBHOOK_DELIVERY_HEADER]: delivery.eventId,
  };
  const answer = await post(endpoint.url, rawBody, headers, deps.config.NODE_ENV === 'production', deps.timeoutMs ?? TIMEOUT_MS);
  const now = clock();
  const base = { lastStatusCode: answer.status, leaseUntil: null };
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    await db.update(webhookDeliveries).set({ ...base, status: 'delivered', lastError: null, deliveredAt: now, nextAttemptAt: null }).where(fence);
  } else if (answer.status === 410) {
    await db.transaction(async (tx) => {
      await tx.update(webhookDeliveries).set({ ...base, status: 'failed', lastError: 'The endpoint answered 410 Gone, so it was disabled', nextAttemptAt: null }).where(fence);
      await tx.update(webhookEndpoints).set({ enabled: false, updatedAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
    });
  } else {
    const lastError = answer.error ?? `HTTP ${answer.status}`;
    const next = nextAttemptAfter(delivery.attempts, answer.retryAfter, now);
    const expired = delivery.eventType === 'test' || next.getTime() > delivery.createdAt.getTime() + WINDOW_MS;
    await db
      .update(webhookDeliveries)
      .set({ ...base, lastError, status: expired ? 'failed' : 'retrying', nextAttemptAt: expired ? null : next })
      .where(fence);
  }
  deps.log?.info({ webhookDeliveryId: delivery.id, endpointId: endpoint.id, eventType: delivery.eventType, attempt: delivery.attempts, statusCode: answer.status }, 'webhook delivery attempted');
}

/** Sends one delivery now (the test button); answers whether it could be claimed. */
export async function deliverWebhookNow(deps: WebhookDeps, id: number, clock: () => Date = () => new Date()): Promise<boolean> {
  const [claimed] = await claimWebhookDeliveries(deps.db, clock(), id);
  if (!claimed) return false;
  await sendClaimed(deps, claimed, clock);
  return true;
}

/** Sends every due delivery, a batch at a time; answers how many attempts were made. */
export async function deliverDueWebhooks(deps: WebhookDeps, clock: () => Date = () => new Date(), maxBatches = 50): Promise<number> {
  let attempted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const claimed = await claimWebhookDeliveries(deps.db, clock());
    if (claimed.length === 0) break;
    // One delivery's database error leaves it to its lease (taken over later) and holds up no other.
    await Promise.all(claimed.map((d) => sendClaimed(deps, d, clock).catch((error: unknown) => deps.log?.error({ err: error, webhookDeliveryId: d.id }, 'webhook delivery not recorded; retried after its lease'))));
    attempted += claimed.length;
  }
  return attempted;
}
