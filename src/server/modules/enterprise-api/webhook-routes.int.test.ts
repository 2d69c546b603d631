import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationEvents, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { activeUser, expireTrial } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { jobRegistry } from '../../jobs/registry';
import { claimWebhookDeliveries, deliverDueWebhooks, fanOutWebhookEvents, WEBHOOK_LEASE_MS, WEBHOOKS_PLAN_MESSAGE, type WebhookDeps } from './webhook-delivery';
import { purgeOldWebhookDeliveries, purgeWebhookDeliveriesJob } from './webhook-purge';
import { WEBHOOK_TESTS_PER_WINDOW, webhooksPlanRequired } from './webhook-routes';
import { isPrivateAddress, portProblem, privateUrlProblem, WEBHOOK_PORT_MESSAGE } from './webhook-url-guard';

/** A loopback receiver: records each request and answers the next scripted status (200 when none is left). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}
let receiver: Server;
let base: string;
const received: Received[] = [];
const script: { status: number; headers?: Record<string, string> }[] = [];

let ctx: TestApp;
let deps: WebhookDeps;
let owner: string;
let ownerId: number;
let other: string;
let otherId: number;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
      const next = script.shift() ?? { status: 200 };
      response.writeHead(next.status, next.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ctx = await startTestApp({ work: false });
  deps = { db: ctx.database.db, config: ctx.config, secrets: await secretBoxFor(ctx.config) };
  owner = await activeUser(ctx, 'hooks-owner@example.com');
  other = await activeUser(ctx, 'hooks-other@example.com');
  ownerId = await enterprise('hooks-owner@example.com');
  otherId = await enterprise('hooks-other@example.com');
});
afterAll(async () => {
  await ctx?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  script.length = 0;
  await ctx.database.db.delete(webhookEndpoints);
});

async function enterprise(email: string): Promise<number> {
  const [user] = await ctx.database.db.update(users).set({ plan: 'enterprise' }).where(eq(users.email, email)).returning({ id: users.id });
  return user!.id;
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function endpoint(cookie: string, events: string[], path = '/hooks'): Promise<{ id: number; secret: string }> {
  const response = await call(cookie, 'POST', '/api/enterprise/webhooks', { url: `${base}${path}`, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function outboxEvent(userId: number, kind: string, payload: Record<string, unknown>): Promise<number> {
  const [row] = await ctx.database.db.insert(notificationEvents).values({ userId, kind, payload, runId: null }).returning({ id: notificationEvents.id });
  return row!.id;
}

/** The receiver's check, written from the docs' recipe. */
function verifies(r: Received, secret: string): boolean {
  const timestamp = r.headers['x-datacleaner-timestamp'] as string;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return r.headers['x-datacleaner-signature'] === expected;
}

describe('webhook endpoints', () => {
  it('creates with the secret once, lists without it, updates, rotates and deletes; another user gets 404', async () => {
    const created = await endpoint(owner, ['scan.completed']);
    expect(created.secret).toMatch(/^whsec_/);
    const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secret).not.toContain(created.secret);
    const listed = await call(owner, 'GET', '/api/enterprise/webhooks');
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json<{ endpoints: { id: number; secretPrefix: string }[] }>().endpoints).toEqual([expect.objectContaining({ id: created.id, secretPrefix: created.secret.slice(0, 12) })]);
    for (const [method, url] of [['PATCH', `/api/enterprise/webhooks/${created.id}`], ['DELETE', `/api/enterprise/webhooks/${created.id}`], ['POST', `/api/enterprise/webhooks/${created.id}/rotate-secret`], ['POST', `/api/enterprise/webhooks/${created.id}/test`]] as const) {
      expect((await call(other, method, url, method === 'PATCH' ? { enabled: false } : undefined)).statusCode).toBe(404);
    }
    const patched = await call(owner, 'PATCH', `/api/enterprise/webhooks/${created.id}`, { enabled: false, events: ['merge.completed', 'health.changed'] });
    expect(patched.json()).toEqual(expect.objectContaining({ enabled: false, events: ['merge.completed', 'health.changed'] }));
    const rotated = (await call(owner, 'POST', `/api/enterprise/webhooks/${created.id}/rotate-secret`)).json<{ secret: string }>();
    expect(rotated.secret).not.toBe(created.secret);
    expect((await call(owner, 'DELETE', `/api/enterprise/webhooks/${created.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/enterprise/webhooks')).json<{ endpoints: unknown[] }>().endpoints).toEqual([]);
  });

  it('refuses bad URLs and events with 400 naming the field, and more than the maximum', async () => {
    const badUrl = await call(owner, 'POST', '/api/enterprise/webhooks', { url: 'ftp://example.com/x', events: ['scan.completed'] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<{ message: string }>().message).toMatch(/url/i);
    const badEvent = await call(owner, 'POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: ['scan.started'] });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json<{ message: string }>().message).toContain('events');
    const none = await call(owner, 'POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: [] });
    expect(none.statusCode).toBe(400);
    for (let i = 0; i < 10; i++) await endpoint(owner, ['scan.completed']);
    expect((await call(owner, 'POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: ['scan.completed'] })).statusCode).toBe(409);
  });

  it('refuses loopback and private hosts in production only', async () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(await privateUrlProblem('http://127.0.0.1:8080/x', true)).toContain('url');
    expect(await privateUrlProblem('http://localhost/x', true)).toContain('url');
    expect(await privateUrlProblem('http://[::1]/x', true)).toContain('url');
    expect(await privateUrlProblem('http://127.0.0.1:8080/x', false)).toBeNull();
  });

  it('answers 403 PLAN_REQUIRED to plans without webhooks when creating', async () => {
    const cookie = await activeUser(ctx, 'hooks-free@example.com');
    await expireTrial(ctx.database.db, 'hooks-free@example.com');
    expect((await call(cookie, 'POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: ['scan.completed'] })).statusCode).toBe(403);
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.email, 'hooks-free@example.com'));
    for (const response of [await call(cookie, 'POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: ['scan.completed'] })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'PLAN_REQUIRED', message: expect.stringContaining(webhooksPlanRequired().message) });
    }
  });
});

describe('webhook deliveries', () => {
  it('sends a signed test event now and answers the delivery', async () => {
    const { id, secret } = await endpoint(owner, ['scan.completed'], '/test');
    const response = await call(owner, 'POST', `/api/enterprise/webhooks/${id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const { delivery } = response.json<{ delivery: { status: string; attempts: number; eventType: string; eventId: string; lastStatusCode: number } }>();
    expect(delivery).toEqual(expect.objectContaining({ status: 'delivered', attempts: 1, eventType: 'test', lastStatusCode: 200 }));
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['x-datacleaner-event']).toBe('test');
    expect(r!.headers['x-datacleaner-delivery']).toBe(delivery.eventId);
    expect(verifies(r!, secret)).toBe(true);
    expect(verifies({ ...r!, body: r!.body.replace('test', 'tesT') }, secret)).toBe(false);
    expect(JSON.parse(r!.body)).toEqual(expect.objectContaining({ id: delivery.eventId, type: 'test' }));
  });

  it('fans an outbox event out to the subscribed, enabled endpoints of its user only, once', async () => {
    const subscribed = await endpoint(owner, ['scan.completed', 'merge.completed'], '/subscribed');
    await endpoint(owner, ['health.changed'], '/other-event');
    const disabled = await endpoint(owner, ['scan.completed'], '/disabled');
    await call(owner, 'PATCH', `/api/enterprise/webhooks/${disabled.id}`, { enabled: false });
    await endpoint(other, ['scan.completed'], '/other-user');
    const eventId = await outboxEvent(ownerId, 'scan.completed', { objectType: 'contacts', totalRecords: 10, healthScore: 91.5 });
    await outboxEvent(otherId, 'duplicates.found', { objectType: 'contacts' });
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    expect(await deliverDueWebhooks(deps)).toBe(1);
    expect(received.map((r) => r.path)).toEqual(['/subscribed']);
    const body = JSON.parse(received[0]!.body) as Record<string, unknown>;
    expect(body).toEqual({ id: `evt_${eventId}`, type: 'scan.completed', createdAt: expect.any(String), data: {
        objectType: 'contacts',
        totalRecords: 10,
        healthScore: 91.5,
        links: { dashboard: `${ctx.config.publicUrl}/dashboard`, objects: `${ctx.config.publicUrl}/objects/contacts` },
      },
    });
    expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(verifies(received[0]!, subscribed.secret)).toBe(true);
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    expect(await deliverDueWebhooks(deps)).toBe(0);
  });

  it('retries after a 500 (honouring Retry-After) and is delivered at the second attempt', async () => {
    await endpoint(owner, ['scan.completed']);
    await outboxEvent(ownerId, 'scan.completed', { objectType: 'deals' });
    script.push({ status: 500, headers: { 'Retry-After': '120' } });
    const start = Date.now();
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    await deliverDueWebhooks(deps, () => new Date(start));
    const [waiting] = await deps.db.select().from(webhookDeliveries);
    expect(waiting).toEqual(expect.objectContaining({ status: 'retrying', attempts: 1, lastStatusCode: 500 }));
    expect(waiting!.nextAttemptAt!.getTime()).toBe(start + 120_000);
    expect(await deliverDueWebhooks(deps, () => new Date(start + 60_000))).toBe(0);
    expect(await deliverDueWebhooks(deps, () => new Date(start + 121_000))).toBe(1);
    const [done] = await deps.db.select().from(webhookDeliveries);
    expect(done).toEqual(expect.objectContaining({ status: 'delivered', attempts: 2, lastStatusCode: 200 }));
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect(received[0]!.headers['x-datacleaner-delivery']).toBe(received[1]!.headers['x-datacleaner-delivery']);
  });

  it('gives up once the retry window has passed, and a 410 disables the endpoint', async () => {
    const { id } = await endpoint(owner, ['scan.completed']);
    await outboxEvent(ownerId, 'scan.completed', { objectType: 'tickets' });
    const start = Date.now();
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl, new Date(start));
    script.push({ status: 503 });
    await deliverDueWebhooks(deps, () => new Date(start + 23.99 * 3600_000));
    expect((await deps.db.select().from(webhookDeliveries))[0]).toEqual(expect.objectContaining({ status: 'failed', attempts: 1 }));
    await outboxEvent(ownerId, 'scan.completed', { objectType: 'companies' });
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    script.push({ status: 410 });
    await deliverDueWebhooks(deps);
    const [row] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.enabled).toBe(false);
  });

  it('redelivers a delivery whose worker died holding it, once, and never after it completed', async () => {
    await endpoint(owner, ['merge.completed']);
    await outboxEvent(ownerId, 'merge.completed', { mergeId: 1, status: 'completed' });
    const start = Date.now();
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl, new Date(start));
    // A worker claims it and dies before posting.
    expect(await claimWebhookDeliveries(deps.db, new Date(start))).toHaveLength(1);
    expect(await deliverDueWebhooks(deps, () => new Date(start + 1000))).toBe(0);
    expect(await deliverDueWebhooks(deps, () => new Date(start + WEBHOOK_LEASE_MS + 1000))).toBe(1);
    expect(await deliverDueWebhooks(deps, () => new Date(start + 2 * WEBHOOK_LEASE_MS + 2000))).toBe(0);
    expect(received).toHaveLength(1);
    expect((await deps.db.select().from(webhookDeliveries))[0]).toEqual(expect.objectContaining({ status: 'delivered', attempts: 2 }));
  });

  it('delivers each event once when two workers run at the same time', async () => {
    await endpoint(owner, ['health.changed']);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await outboxEvent(ownerId, 'health.changed', { objectType: 'contacts', change: i }));
    await Promise.all([fanOutWebhookEvents(deps.db, ctx.config.publicUrl), fanOutWebhookEvents(deps.db, ctx.config.publicUrl)]);
    const [first, second] = await Promise.all([deliverDueWebhooks(deps), deliverDueWebhooks(deps)]);
    expect(first + second).toBe(6);
    expect(received.map((r) => r.headers['x-datacleaner-delivery']).sort()).toEqual(ids.map((id) => `evt_${id}`).sort());
  });

  it('pages deliveries with endpoint and status filters', async () => {
    const a = await endpoint(owner, ['scan.completed'], '/a');
    const b = await endpoint(owner, ['scan.completed'], '/b');
    await call(owner, 'POST', `/api/enterprise/webhooks/${a.id}/test`);
    script.push({ status: 500 });
    await call(owner, 'POST', `/api/enterprise/webhooks/${b.id}/test`);
    await call(owner, 'POST', `/api/enterprise/webhooks/${b.id}/test`);
    const all = (await call(owner, 'GET', '/api/enterprise/webhooks/deliveries?pageSize=2')).json<{ deliveries: unknown[]; total: number }>();
    expect(all.total).toBe(3);
    expect(all.deliveries).toHaveLength(2);
    const ofB = (await call(owner, 'GET', `/api/enterprise/webhooks/deliveries?endpointId=${b.id}`)).json<{ total: number }>();
    expect(ofB.total).toBe(2);
    const failed = (await call(owner, 'GET', '/api/enterprise/webhooks/deliveries?status=failed')).json<{ deliveries: { endpointId: number; endpointUrl: string }[] }>();
    expect(failed.deliveries).toEqual([expect.objectContaining({ endpointId: b.id, endpointUrl: `${base}/b` })]);
    expect((await call(other, 'GET', '/api/enterprise/webhooks/deliveries')).json<{ total: number }>().total).toBe(0);
    expect((await call(owner, 'GET', '/api/enterprise/webhooks/deliveries?status=lost')).statusCode).toBe(400);
  });
});

describe('webhook review fixes', () => {
  const deliverySequence = async () => {
    const { rows } = (await ctx.database.db.execute(sql`select last_value from webhook_deliveries_id_seq`)) as unknown as { rows: { last_value: number | string }[] };
    return Number(rows[0]!.last_value);
  };
  const setPlan = (id: number, plan: string) => ctx.database.db.update(users).set({ plan }).where(eq(users.id, id));

  it('draws no delivery ids on repeated fan-outs with nothing new', async () => {
    await endpoint(owner, ['scan.completed']);
    for (let i = 0; i < 5; i++) await outboxEvent(ownerId, 'scan.completed', { objectType: 'contacts', i });
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    const after = await deliverySequence();
    for (let i = 0; i < 9; i++) await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    expect(await deliverySequence()).toBe(after);
    expect(await deps.db.select().from(webhookDeliveries)).toHaveLength(5);
  });

  it('ends an attempt to a receiver trickling its answer at the overall deadline, as a retry', async () => {
    const sockets = new Set<Socket>();
    const trickler = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 20);
      response.on('close', () => clearInterval(drip));
    });
    trickler.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    try {
      const created = await call(owner, 'POST', '/api/enterprise/webhooks', { url: `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/slow`, events: ['scan.completed'] });
      expect(created.statusCode).toBe(201);
      await outboxEvent(ownerId, 'scan.completed', { objectType: 'contacts' });
      await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
      // The idle timeout (200 ms) never fires while bytes keep coming; only an overall deadline ends it.
      const attempt = deliverDueWebhooks({ ...deps, timeoutMs: 200 });
      const gaveUp = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000).unref());
      expect(await Promise.race([attempt, gaveUp])).toBe(1);
      expect((await deps.db.select().from(webhookDeliveries))[0]).toEqual(expect.objectContaining({ status: 'retrying', lastError: 'timed out', attempts: 1 }));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => trickler.close(resolve));
    }
  });

  it('skips users whose plan lacks webhooks in the fan-out, and fails their pending deliveries at send time', async () => {
    await endpoint(owner, ['scan.completed']);
    try {
      await setPlan(ownerId, 'professional');
      await outboxEvent(ownerId, 'scan.completed', { objectType: 'contacts' });
      await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
      expect(await deps.db.select().from(webhookDeliveries)).toHaveLength(0);
      await setPlan(ownerId, 'enterprise');
      await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
      expect(await deps.db.select().from(webhookDeliveries)).toHaveLength(1);
      await setPlan(ownerId, 'starter');
      expect(await deliverDueWebhooks(deps)).toBe(1);
      expect(received).toHaveLength(0);
      expect((await deps.db.select().from(webhookDeliveries))[0]).toEqual(expect.objectContaining({ status: 'failed', lastError: WEBHOOKS_PLAN_MESSAGE }));
      expect(WEBHOOKS_PLAN_MESSAGE).toBe('Webhooks need the Enterprise plan');
    } finally {
      await setPlan(ownerId, 'enterprise');
    }
  });

  it('lets a downgraded user list endpoints and deliveries and delete, but not create, change, rotate or test', async () => {
    const cookie = await activeUser(ctx, 'hooks-down@example.com');
    const userId = await enterprise('hooks-down@example.com');
    const { id } = await endpoint(cookie, ['scan.completed']);
    await setPlan(userId, 'professional');
    expect((await call(cookie, 'GET', '/api/enterprise/webhooks')).json<{ endpoints: { id: number }[] }>().endpoints).toEqual([expect.objectContaining({ id })]);
    expect((await call(cookie, 'GET', '/api/enterprise/webhooks/deliveries')).statusCode).toBe(200);
    for (const [method, url, body] of [['POST', '/api/enterprise/webhooks', { url: `${base}/x`, events: ['scan.completed'] }], ['PATCH', `/api/enterprise/webhooks/${id}`, { enabled: false }], ['POST', `/api/enterprise/webhooks/${id}/rotate-secret`], ['POST', `/api/enterprise/webhooks/${id}/test`]] as const) {
      expect((await call(cookie, method, url, body)).json<{ code: string }>().code).toBe('PLAN_REQUIRED');
    }
    expect((await call(cookie, 'DELETE', `/api/enterprise/webhooks/${id}`)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/api/enterprise/webhooks')).json<{ endpoints: unknown[] }>().endpoints).toEqual([]);
  });

  it('rate-limits the test event per user and stores an error class, never the socket text', async () => {
    const cookie = await activeUser(ctx, 'hooks-tester@example.com');
    await enterprise('hooks-tester@example.com');
    // A port nothing listens on: bind one, then close it.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await endpoint(cookie, ['scan.completed']);
    await call(cookie, 'PATCH', `/api/enterprise/webhooks/${refused.id}`, { url: `http://127.0.0.1:${port}/x` });
    const first = (await call(cookie, 'POST', `/api/enterprise/webhooks/${refused.id}/test`)).json<{ delivery: { status: string; lastError: string } }>();
    expect(first.delivery).toEqual(expect.objectContaining({ status: 'failed', lastError: 'connection refused' }));
    script.push({ status: 500 });
    const ok = await endpoint(cookie, ['scan.completed']);
    expect((await call(cookie, 'POST', `/api/enterprise/webhooks/${ok.id}/test`)).json<{ delivery: { lastError: string } }>().delivery.lastError).toBe('HTTP 500');
    for (let i = 2; i < WEBHOOK_TESTS_PER_WINDOW; i++) expect((await call(cookie, 'POST', `/api/enterprise/webhooks/${ok.id}/test`)).statusCode).toBe(200);
    const limited = await call(cookie, 'POST', `/api/enterprise/webhooks/${ok.id}/test`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(owner, 'POST', `/api/enterprise/webhooks/${(await endpoint(owner, ['scan.completed'])).id}/test`)).statusCode).toBe(200);
  });

  it('allows only ports 80, 443 and from 1024 in production, at registration and at send', async () => {
    expect(portProblem('http://example.com:22/x', true)).toBe(WEBHOOK_PORT_MESSAGE);
    expect(await privateUrlProblem('https://example.com:25/x', true)).toBe(WEBHOOK_PORT_MESSAGE);
    for (const url of ['http://example.com/x', 'https://example.com/x', 'https://example.com:443/x', 'http://example.com:8080/x']) expect(portProblem(url, true)).toBeNull();
    expect(portProblem('http://example.com:22/x', false)).toBeNull();
    const { id } = await endpoint(owner, ['scan.completed']);
    await deps.db.update(webhookEndpoints).set({ url: 'http://example.invalid:25/x' }).where(eq(webhookEndpoints.id, id));
    await outboxEvent(ownerId, 'scan.completed', { objectType: 'contacts' });
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    await deliverDueWebhooks({ ...deps, config: { NODE_ENV: 'production' } });
    expect((await deps.db.select().from(webhookDeliveries))[0]).toEqual(expect.objectContaining({ status: 'retrying', lastError: WEBHOOK_PORT_MESSAGE }));
  });

  it('sends no back-fill after re-enabling an endpoint or adding an event type', async () => {
    const { id } = await endpoint(owner, ['scan.completed']);
    await call(owner, 'PATCH', `/api/enterprise/webhooks/${id}`, { enabled: false });
    await outboxEvent(ownerId, 'scan.completed', { objectType: 'while-disabled' });
    await outboxEvent(ownerId, 'health.changed', { objectType: 'before-subscribed' });
    expect((await call(owner, 'PATCH', `/api/enterprise/webhooks/${id}`, { enabled: true })).statusCode).toBe(200);
    const afterEnable = await outboxEvent(ownerId, 'scan.completed', { objectType: 'after-enable' });
    expect((await call(owner, 'PATCH', `/api/enterprise/webhooks/${id}`, { events: ['scan.completed', 'health.changed'] })).statusCode).toBe(200);
    const afterAdd = await outboxEvent(ownerId, 'health.changed', { objectType: 'after-add' });
    await fanOutWebhookEvents(deps.db, ctx.config.publicUrl);
    const made = await deps.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries);
    // The events-changing PATCH restarted the window after afterEnable too: only afterAdd is owed.
    expect(made.map((d) => d.eventId)).toEqual([`evt_${afterAdd}`]);
    expect(afterEnable).toBeLessThan(afterAdd);
  });

  it('purges delivered and failed deliveries older than 30 days, daily', async () => {
    const { id } = await endpoint(owner, ['scan.completed']);
    const now = new Date();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const row = (eventId: string, status: string, createdAt: Date) => ({ endpointId: id, userId: ownerId, eventType: 'scan.completed', eventId, payload: {}, status, createdAt });
    await deps.db.insert(webhookDeliveries).values([row('old-delivered', 'delivered', old), row('old-failed', 'failed', old), row('old-retrying', 'retrying', old), row('new-delivered', 'delivered', now)]);
    expect(await purgeOldWebhookDeliveries(deps.db, now)).toBe(2);
    expect((await deps.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries)).map((d) => d.eventId).sort()).toEqual(['new-delivered', 'old-retrying']);
    expect(jobRegistry.map((job) => job.name)).toContain(purgeWebhookDeliveriesJob.name);
  });
});
