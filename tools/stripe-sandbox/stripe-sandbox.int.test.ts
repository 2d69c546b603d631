import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeSandbox, type StripeSandbox } from './sandbox';

/** A webhook endpoint of our own that checks every signature with the SDK, as the app does. */
interface Received {
  events: Stripe.Event[];
  rejected: number;
}

let sandbox: StripeSandbox;
let stripe: Stripe;
let endpoint: Server;
const received: Received = { events: [], rejected: 0 };

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        received.events.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), sandbox.webhookSecret));
        response.writeHead(200).end('{}');
      } catch {
        received.rejected += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  sandbox = await startStripeSandbox({ webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhook` });
  stripe = new Stripe(sandbox.secretKey, sandbox.clientOptions);
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => endpoint.close(resolve));
});

beforeEach(() => {
  sandbox.reset();
  received.events = [];
  received.rejected = 0;
});

const types = () => received.events.map((event) => event.type);

async function monthlyPrice(name: string, cents: number, lookupKey: string): Promise<Stripe.Price> {
  return stripe.prices.create({ currency: 'usd', unit_amount: cents, recurring: { interval: 'month' }, lookup_key: lookupKey, product_data: { name } });
}

/** Posts the hosted Checkout form as a browser would. */
async function payOnHostedPage(url: string, cardNumber: string): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ cardNumber }) });
}

async function subscribe(priceId: string): Promise<{ customer: Stripe.Customer; subscription: Stripe.Subscription }> {
  const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: '7' } });
  const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: priceId, quantity: 1 }], success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://app.test/cancelled', subscription_data: { metadata: { userId: '7' } } });
  expect((await payOnHostedPage(session.url!, '4242 4242 4242 4242')).status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  return { customer, subscription: await stripe.subscriptions.retrieve(completed.subscription as string) };
}

describe('the Stripe sandbox with the official SDK', () => {
  it('answers a wrong key with 401 and an unknown object with 404 resource_missing, in Stripe error bodies', async () => {
    const wrong = new Stripe('sk_test_wrong0000000000000000000', sandbox.clientOptions);
    await expect(wrong.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_missing'" });
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://app.test/ok' })).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
  });

  it('creates monthly prices found again by lookup key', async () => {
    const price = await monthlyPrice('Starter', 900, 'datacleaner_starter_monthly');
    expect(price).toMatchObject({ object: 'price', unit_amount: 900, currency: 'usd', type: 'recurring', recurring: { interval: 'month' } });
    const found = await stripe.prices.list({ lookup_keys: ['datacleaner_starter_monthly'], expand: ['data.product'] });
    expect(found.data.map((item) => item.id)).toEqual([price.id]);
    expect((await stripe.products.retrieve(price.product as string)).name).toBe('Starter');
    await expect(monthlyPrice('Starter', 900, 'datacleaner_starter_monthly')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('declines 4000 0000 0000 0002 on the hosted page, then pays with 4242: a subscription, an invoice and signed events', async () => {
    const price = await monthlyPrice('Professional', 2900, 'pro');
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://app.test/cancelled', metadata: { userId: '7' }, subscription_data: { metadata: { userId: '7' } } });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', mode: 'subscription', customer: customer.id });

    const form = await (await fetch(session.url!)).text();
    expect(form).toContain('name="cardNumber"');
    expect(form).toContain('href="http://app.test/cancelled"');

    const declined = await payOnHostedPage(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(sandbox.events()).toEqual([]);

    const paid = await payOnHostedPage(session.url!, '4242424242424242');
    expect(paid.headers.get('location')).toBe(`http://app.test/ok?session_id=${session.id}`);
    await sandbox.deliveriesDone();
    expect(types()).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(received.rejected).toBe(0);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { userId: '7' } });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    const item = subscription.items.data[0]!;
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, cancel_at_period_end: false, metadata: { userId: '7' } });
    expect(item.price.id).toBe(price.id);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toMatchObject([{ status: 'paid', amount_paid: 2900, parent: { subscription_details: { subscription: subscription.id } } }]);
  });

  it('switches plan and cancels at period end in the portal; the subscription ends when the period does', async () => {
    const starter = await monthlyPrice('Starter', 900, 'starter');
    const professional = await monthlyPrice('Professional', 2900, 'pro');
    const { customer, subscription } = await subscribe(starter.id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/settings#billing' });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Switch to Professional');
    expect(page).toContain('href="http://app.test/settings#billing"');

    const post = (path: string, fields: Record<string, string> = {}) => fetch(`${portal.url}/${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    expect((await post('plan', { price: professional.id })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(professional.id);
    expect((await post('cancel')).status).toBe(303);
    const cancelling = await stripe.subscriptions.retrieve(subscription.id);
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: cancelling.items.data[0]!.current_period_end });

    await sandbox.advanceToNextPeriodEnd();
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(types().slice(-3)).toEqual(['customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.deleted']);
  });

  it('renews each period with a paid invoice; a declined renewal makes it past_due until the invoice is paid', async () => {
    const price = await monthlyPrice('Starter', 900, 'starter');
    const { subscription } = await subscribe(price.id);
    const firstEnd = subscription.items.data[0]!.current_period_end;
    await sandbox.advanceToNextPeriodEnd();
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]!.current_period_start).toBe(firstEnd);

    sandbox.failNextRenewal(subscription.id);
    await sandbox.advanceToNextPeriodEnd();
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const failed = await stripe.invoices.retrieve(pastDue.latest_invoice as string);
    expect(failed.status).toBe('open');
    await stripe.invoices.pay(failed.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await sandbox.deliveriesDone();
    expect(types().slice(-6)).toEqual(['invoice.paid', 'customer.subscription.updated', 'invoice.payment_failed', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated']);
  });

  it('holds deliveries and sends them newest first, and delivers an event again on request', async () => {
    const price = await monthlyPrice('Starter', 900, 'starter');
    sandbox.holdDeliveries();
    await subscribe(price.id);
    expect(received.events).toEqual([]);
    await sandbox.releaseDeliveries('reverse');
    expect(types()).toEqual(['checkout.session.completed', 'invoice.paid', 'customer.subscription.created']);
    const first = sandbox.events()[0]!;
    const attempts = await sandbox.redeliver(first.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200]);
    expect(received.events.filter((event) => event.id === first.id)).toHaveLength(2);
  });

  it('lists events with their deliveries on the admin routes', async () => {
    const price = await monthlyPrice('Starter', 900, 'starter');
    await subscribe(price.id);
    await sandbox.deliveriesDone();
    const answer = (await (await fetch(`${sandbox.url}/_sandbox/events?type=invoice.paid`)).json()) as { events: { type: string; deliveries: { status: number }[] }[] };
    expect(answer.events).toMatchObject([{ type: 'invoice.paid', deliveries: [{ status: 200 }] }]);
    const advanced = await fetch(`${sandbox.url}/_sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ days: 40 }) });
    expect(advanced.status).toBe(200);
    expect(sandbox.events('invoice.paid')).toHaveLength(2);
  });
});
