import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { UpdateWebhookEndpointRequest, WebhookDeliveriesQuery, WebhookDeliveryPage, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../../shared/contracts/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';

/** A fresh signing secret and the prefix the UI shows of it. */
export function newWebhookSecret(): { secret: string; prefix: string } {
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, 12) };
}

export function endpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return { id: row.id, url: row.url, description: row.description, events: row.events as WebhookEventType[], enabled: row.enabled, secretPrefix: row.secretPrefix, createdAt: row.createdAt.toISOString() };
}

export async function endpointOf(db: Db, userId: number, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))).limit(1);
  return row;
}

export async function listEndpoints(db: Db, userId: number): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.id));
}

export async function countEndpoints(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: Db, secrets: SecretBox, userId: number, input: { url: string; events: WebhookEventType[]; description: string }) {
  const { secret, prefix } = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url: input.url, events: [...new Set(input.events)], description: input.description, secret: secrets.seal(secret), secretPrefix: prefix })
    .returning();
  return { ...endpointView(row!), secret };
}

/**
 * Applies a change; re-enabling or a different set of events restarts `eventsSince`, so the
 * endpoint is not sent the day of events it had not been subscribed to (no back-fill).
 */
export async function updateEndpoint(db: Db, userId: number, id: number, change: UpdateWebhookEndpointRequest, now = new Date()): Promise<WebhookEndpointRow | undefined> {
  const current = await endpointOf(db, userId, id);
  if (!current) return undefined;
  const { events, ...rest } = change;
  const nextEvents = events ? [...new Set(events)] : undefined;
  const enabling = change.enabled === true && !current.enabled;
  const eventsChanged = nextEvents !== undefined && (nextEvents.length !== current.events.length || nextEvents.some((e) => !current.events.includes(e)));
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...rest, ...(nextEvents ? { events: nextEvents } : {}), ...(enabling || eventsChanged ? { eventsSince: now } : {}), updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row;
}

export async function rotateEndpointSecret(db: Db, secrets: SecretBox, userId: number, id: number) {
  const { secret, prefix } = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret: secrets.seal(secret), secretPrefix: prefix, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row ? { ...endpointView(row), secret } : undefined;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  endpointUrl: webhookEndpoints.url,
  eventType: webhookDeliveries.eventType,
  eventId: webhookDeliveries.eventId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

type DeliveryRow = { [K in keyof typeof deliveryColumns]: (typeof deliveryColumns)[K]['_']['data'] | ((typeof deliveryColumns)[K]['_']['notNull'] extends true ? never : null) };

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    ...row,
    eventType: row.eventType as WebhookDeliveryView['eventType'],
    status: row.status as WebhookDeliveryView['status'],
    nextAttemptAt: row.nextAttemptAt && row.status !== 'delivered' && row.status !== 'failed' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function deliveryOf(db: Db, userId: number, id: number): Promise<WebhookDeliveryView | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)));
  return row ? deliveryView(row) : undefined;
}

/** The user's deliveries, newest first, by endpoint and status when asked. */
export async function deliveriesOf(db: Db, userId: number, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
  const filters: SQL[] = [eq(webhookDeliveries.userId, userId)];
  if (query.endpointId !== undefined) filters.push(eq(webhookDeliveries.endpointId, query.endpointId));
  if (query.status !== undefined) filters.push(eq(webhookDeliveries.status, query.status));
  const where = and(...filters);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { deliveries: rows.map(deliveryView), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}
