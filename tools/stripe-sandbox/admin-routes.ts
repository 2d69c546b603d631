/**
 * `/_sandbox/*`: look into the account and drive what only time or a bank would do: events and
 * their deliveries, held and out-of-order delivery, the clock, failed renewals. No Stripe auth:
 * the server listens on loopback only. Answers are JSON; errors come as `{ message }`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StripeAccount } from './stripe-account';
import type { WebhookDelivery } from './webhook-delivery';

export const ADMIN_PREFIX = '/_sandbox';
const DAY_SECONDS = 86_400;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw Object.assign(new Error(result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')), { statusCode: 400 });
  return result.data;
}

const advanceBody = z.union([
  z.strictObject({ seconds: z.number().int().positive().optional(), days: z.number().positive().optional() }).refine((body) => body.seconds !== undefined || body.days !== undefined, 'give seconds or days'),
  z.strictObject({ to: z.literal('next_period_end') }),
]);

export function registerAdminRoutes(app: FastifyInstance, account: StripeAccount, webhooks: WebhookDelivery, reset: () => void): void {
  const eventView = (id: string) => {
    const event = account.event(id);
    return { id: event.id, type: event.type, created: event.created, object: event.data.object.id, deliveries: webhooks.attemptsOf(event.id), event };
  };

  app.get(ADMIN_PREFIX, async () => ({
    webhookEndpoint: webhooks.endpointUrl,
    deliveriesHeld: webhooks.held,
    pendingEvents: webhooks.pending.map((event) => event.id),
    clock: new Date(account.now() * 1000).toISOString(),
    counts: { products: account.products.size, prices: account.prices.size, customers: account.customers.size, subscriptions: account.subscriptions.size, invoices: account.invoices.size, events: account.events.length },
  }));

  app.post(`${ADMIN_PREFIX}/reset`, async () => {
    reset();
    return { reset: true };
  });

  app.get(`${ADMIN_PREFIX}/events`, async (request) => {
    const { type } = parse(z.object({ type: z.string().optional() }), request.query);
    return { events: account.events.filter((event) => !type || event.type === type).map((event) => eventView(event.id)) };
  });
  app.post(`${ADMIN_PREFIX}/events/:id/deliver`, async (request) => {
    const event = account.event((request.params as { id: string }).id);
    webhooks.send(event);
    await webhooks.idle();
    return eventView(event.id);
  });

  app.put(`${ADMIN_PREFIX}/webhooks/endpoint`, async (request) => {
    const { url } = parse(z.object({ url: z.url().nullable() }), request.body);
    webhooks.endpointUrl = url;
    return { webhookEndpoint: url };
  });
  app.post(`${ADMIN_PREFIX}/webhooks/hold`, async () => {
    webhooks.held = true;
    return { held: true };
  });
  app.post(`${ADMIN_PREFIX}/webhooks/release`, async (request) => {
    const { order } = parse(z.object({ order: z.enum(['raised', 'reverse']).default('raised') }), request.body);
    const events = webhooks.release(order);
    await webhooks.idle();
    return { delivered: events.map((event) => eventView(event.id)) };
  });

  app.post(`${ADMIN_PREFIX}/clock/advance`, async (request) => {
    const body = parse(advanceBody, request.body);
    const seconds = 'to' in body ? account.secondsToNextPeriodEnd() : (body.seconds ?? 0) + Math.round((body.days ?? 0) * DAY_SECONDS);
    if (seconds === null) throw Object.assign(new Error('No active subscription has a period to end'), { statusCode: 409 });
    account.advanceClock(seconds);
    return { clock: new Date(account.now() * 1000).toISOString() };
  });

  app.get(`${ADMIN_PREFIX}/subscriptions`, async () => ({ subscriptions: [...account.subscriptions.values()] }));
  app.post(`${ADMIN_PREFIX}/subscriptions/:id/fail-next-renewal`, async (request) => {
    const subscription = account.subscription((request.params as { id: string }).id);
    account.failNextRenewal.add(subscription.id);
    return { failNextRenewal: subscription.id };
  });
  app.post(`${ADMIN_PREFIX}/invoices/:id/pay`, async (request) => account.payInvoice((request.params as { id: string }).id));
}
