import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeSandbox, type StripeSandbox } from '../../../../tools/stripe-sandbox/sandbox';
import { signatureHeader } from '../../../../tools/stripe-sandbox/webhook-delivery';
import type { BillingStatus } from '../../../shared/contracts/billing';
import { billingEvents, users } from '../../db/schema';
import { TEST_PASSWORD, activeUser, expireTrial, login } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { UNLIMITED_RECORD_QUOTA } from './handle-stripe-event';
import { priceIdFor } from './plan-prices';

let sandbox: StripeSandbox;
let ctx: TestApp;
let stripe: Stripe;
let nextUser = 1;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: null });
  ctx = await startTestApp({ work: false, env: { STRIPE_SECRET_KEY: sandbox.secretKey, STRIPE_API_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: sandbox.webhookSecret, PUBLIC_URL: 'http://app.example' } });
  // Stripe's webhooks come over the network: the app listens, and the sandbox posts to it.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/billing/webhook`;
  stripe = new Stripe(sandbox.secretKey, sandbox.clientOptions);
}, 60_000);

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
});

beforeEach(async () => {
  sandbox.account.secretKey = sandbox.secretKey;
  await sandbox.releaseDeliveries();
});

/** Past the end of any monthly period started now; other tests' subscriptions renew on the way. */
const A_MONTH_AND_MORE = 32 * 86_400;

interface Customer {
  email: string;
  cookie: string;
  id: number;
}

async function newCustomer(options: { trialEnded?: boolean } = {}): Promise<Customer> {
  const email = `payer${nextUser++}@billing.example`;
  const cookie = await activeUser(ctx, email, { remoteAddress: `203.0.113.${nextUser}` });
  if (options.trialEnded) await expireTrial(ctx.database.db, email);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, cookie, id: row!.id };
}

async function userRow(customer: Customer) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
  return row!;
}

async function status(customer: Customer): Promise<BillingStatus> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/billing/status', headers: { cookie: customer.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function post(customer: Customer, url: string, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie: customer.cookie }, ...(payload ? { payload } : {}) });
}

/** Posts a hosted page's form as the browser would; answers the redirect's target. */
async function submit(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
}

async function subscribe(customer: Customer, plan: 'starter' | 'professional' | 'enterprise'): Promise<string> {
  const checkout = await post(customer, '/api/billing/checkout', { plan });
  expect(checkout.statusCode).toBe(200);
  const paid = await submit(checkout.json().url, { cardNumber: '4242 4242 4242 4242' });
  expect(paid.status).toBe(303);
  await sandbox.deliveriesDone();
  return paid.headers.get('location')!;
}

async function portal(customer: Customer): Promise<string> {
  const response = await post(customer, '/api/billing/portal');
  expect(response.statusCode).toBe(200);
  return response.json().url;
}

async function portalAction(customer: Customer, action: string, fields: Record<string, string> = {}) {
  const response = await submit(`${await portal(customer)}/${action}`, fields);
  expect(response.status).toBe(303);
  await sandbox.deliveriesDone();
}

/** The plan's price in the sandbox account, found or made as the app does. */
const priceOf = (plan: 'starter' | 'professional' | 'enterprise') => priceIdFor(stripe, ctx.config, plan);

describe('paying for a plan', () => {
  it('takes a trial user through Checkout on the hosted page to Professional, set by the webhook', async () => {
    const customer = await newCustomer();
    expect(await status(customer)).toMatchObject({ configured: true, plan: 'free', tier: 'trial', subscription: null, portalAvailable: false });

    const checkout = await post(customer, '/api/billing/checkout', { plan: 'professional' });
    const url = checkout.json().url as string;
    const session = await stripe.checkout.sessions.retrieve(url.split('/').at(-1)!);
    expect(session).toMatchObject({ mode: 'subscription', cancel_url: 'http://app.example/subscribe?checkout=cancelled&plan=professional#plans', metadata: { userId: String(customer.id), plan: 'professional' } });
    expect(session.success_url).toBe('http://app.example/subscribe?checkout=success&plan=professional&session_id={CHECKOUT_SESSION_ID}');

    const declined = await submit(url, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await status(customer)).plan).toBe('free');

    const paid = await submit(url, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.headers.get('location')).toBe(`http://app.example/subscribe?checkout=success&plan=professional&session_id=${session.id}`);
    await sandbox.deliveriesDone();
    for (const event of sandbox.events()) expect(sandbox.deliveries(event.id).map((attempt) => attempt.status)).toEqual([200]);

    expect(await status(customer)).toMatchObject({ plan: 'professional', tier: 'professional', subscription: { status: 'active', cancelAtPeriodEnd: false }, paymentFailed: false, portalAvailable: true });
    const row = await userRow(customer);
    expect(row).toMatchObject({ plan: 'professional', recordQuota: 50_000, isPastTrial: false, subscriptionStatus: 'active' });
    const subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(subscription.metadata.userId).toBe(String(customer.id));
    expect(row.currentPeriodEnd?.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
    expect((await stripe.customers.retrieve(row.stripeCustomerId!)) as Stripe.Customer).toMatchObject({ email: customer.email, metadata: { userId: String(customer.id) } });

    // Paying already: "checkout" again opens the portal, and nobody is charged twice.
    expect((await post(customer, '/api/billing/checkout', { plan: 'enterprise' })).json().url).toContain('/p/session/');
  });

  it('lets a user whose trial ended pay, reuses one Stripe customer, and signs them in without the payment redirect', async () => {
    const customer = await newCustomer({ trialEnded: true });
    expect(await status(customer)).toMatchObject({ tier: 'free', trial: { active: false, daysLeft: 0 } });
    await post(customer, '/api/billing/checkout', { plan: 'starter' });
    const before = sandbox.account.customers.size;
    await subscribe(customer, 'starter');
    expect(sandbox.account.customers.size).toBe(before);
    expect(await userRow(customer)).toMatchObject({ plan: 'starter', recordQuota: 10_000, isPastTrial: false });
    const signIn = await login(ctx.app, customer.email);
    expect(signIn.response.json()).toMatchObject({ trialStatus: { shouldRedirectToPayment: false } });
  });

  it('follows upgrades and downgrades made in the Customer Portal', async () => {
    const customer = await newCustomer();
    await subscribe(customer, 'starter');
    expect(await portal(customer)).toMatch(/\/p\/session\/bps_/);
    const page = await (await fetch(await portal(customer))).text();
    expect(page).toContain('href="http://app.example/settings#billing"');

    await portalAction(customer, 'plan', { price: await priceOf('professional') });
    expect(await userRow(customer)).toMatchObject({ plan: 'professional', recordQuota: 50_000 });
    await portalAction(customer, 'plan', { price: await priceOf('enterprise') });
    expect(await userRow(customer)).toMatchObject({ plan: 'enterprise', recordQuota: UNLIMITED_RECORD_QUOTA });
    await portalAction(customer, 'plan', { price: await priceOf('starter') });
    expect(await userRow(customer)).toMatchObject({ plan: 'starter', recordQuota: 10_000 });
  });

  it('shows a failed renewal (plan kept while Stripe retries) until a new card pays it', async () => {
    const customer = await newCustomer({ trialEnded: true });
    await subscribe(customer, 'professional');
    const { stripeSubscriptionId } = await userRow(customer);
    sandbox.failNextRenewal(stripeSubscriptionId!);
    await sandbox.advanceClock(A_MONTH_AND_MORE);
    expect(await status(customer)).toMatchObject({ plan: 'professional', paymentFailed: true, subscription: { status: 'past_due' } });

    const page = await (await fetch(await portal(customer))).text();
    expect(page).toContain('Your last payment failed.');
    await portalAction(customer, 'pay', { cardNumber: '4242424242424242' });
    expect(await status(customer)).toMatchObject({ plan: 'professional', paymentFailed: false, subscription: { status: 'active' } });
  });

  it('keeps a plan cancelled at period end until the period ends, then falls back to free', async () => {
    const customer = await newCustomer({ trialEnded: true });
    await subscribe(customer, 'professional');
    await portalAction(customer, 'cancel');
    const cancelling = await status(customer);
    expect(cancelling).toMatchObject({ plan: 'professional', subscription: { status: 'active', cancelAtPeriodEnd: true } });

    await sandbox.advanceClock(A_MONTH_AND_MORE);
    expect(await status(customer)).toMatchObject({ plan: 'free', tier: 'free', subscription: { status: 'canceled' } });
    expect(await userRow(customer)).toMatchObject({ isPastTrial: true, recordQuota: 10_000 });
    // Free again after an ended trial: the app sends them to /subscribe, and they may subscribe anew.
    expect((await login(ctx.app, customer.email)).response.json()).toMatchObject({ trialStatus: { shouldRedirectToPayment: true } });
    expect((await post(customer, '/api/billing/checkout', { plan: 'starter' })).json().url).toContain('/c/pay/');
  });
});

describe('webhook deliveries', () => {
  it('applies events delivered newest first as the final state, and a replay answers 200 and changes nothing', async () => {
    const customer = await newCustomer({ trialEnded: true });
    sandbox.holdDeliveries();
    const checkout = await post(customer, '/api/billing/checkout', { plan: 'professional' });
    await submit(checkout.json().url, { cardNumber: '4242 4242 4242 4242' });
    await sandbox.releaseDeliveries('reverse');
    expect(await userRow(customer)).toMatchObject({ plan: 'professional', subscriptionStatus: 'active' });

    // Cancelled, then ended, with the news arriving in the wrong order: the end is what stays.
    sandbox.holdDeliveries();
    await portalAction(customer, 'cancel');
    await sandbox.advanceClock(A_MONTH_AND_MORE);
    const { stripeCustomerId } = await userRow(customer);
    const late = (await sandbox.releaseDeliveries('reverse')).filter((event) => event.data.object.customer === stripeCustomerId);
    expect(late.map((event) => event.type)).toEqual(['customer.subscription.deleted', 'customer.subscription.updated']);
    const ended = await userRow(customer);
    expect(ended).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });

    // Replays of the oldest events, in the order Stripe first sent them.
    const [created] = sandbox.events('customer.subscription.created').filter((event) => event.data.object.customer === ended.stripeCustomerId);
    const replay = await fetch(sandbox.webhookUrl!, { method: 'POST', headers: { 'stripe-signature': signatureHeader(JSON.stringify(created), sandbox.webhookSecret) }, body: JSON.stringify(created) });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await sandbox.redeliver(created!.id)).at(-1)?.status).toBe(200);
    expect(await userRow(customer)).toEqual(ended);
  });

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const customer = await newCustomer({ trialEnded: true });
    sandbox.holdDeliveries();
    const checkout = await post(customer, '/api/billing/checkout', { plan: 'professional' });
    await submit(checkout.json().url, { cardNumber: '4242 4242 4242 4242' });
    const events = sandbox.events().slice(-3);
    const eventCount = async () => (await ctx.database.db.select({ value: count() }).from(billingEvents))[0]!.value;
    const before = await eventCount();
    for (const event of events) {
      const body = JSON.stringify(event);
      const forged = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, 'whsec_not_the_secret') }, payload: body });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: body });
      expect(unsigned.statusCode).toBe(400);
      // Signed for another body: the bytes are what is signed.
      const altered = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, sandbox.webhookSecret) }, payload: body.replace('"livemode":false', '"livemode":true') });
      expect(altered.statusCode).toBe(400);
    }
    expect(await userRow(customer)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
    expect(await eventCount()).toBe(before);
    await sandbox.releaseDeliveries();
    expect((await userRow(customer)).plan).toBe('professional');
  });

  it('answers an event type it does not handle with 200 and ignores it', async () => {
    const body = JSON.stringify({ id: 'evt_unhandled_1', object: 'event', type: 'customer.created', created: 1_700_000_000, data: { object: { id: 'cus_x', object: 'customer' } }, livemode: false, api_version: null, pending_webhooks: 1, request: null });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, sandbox.webhookSecret) }, payload: body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('the account and its subscription', () => {
  it('exports the billing state and the Stripe events of the account', async () => {
    const customer = await newCustomer();
    await subscribe(customer, 'starter');
    const exported = (await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: customer.cookie } })).json();
    expect(exported.billing).toMatchObject({ plan: 'starter', subscriptionStatus: 'active', cancelAtPeriodEnd: false, stripeCustomerId: expect.stringMatching(/^cus_/), stripeSubscriptionId: expect.stringMatching(/^sub_/) });
    expect(exported.billing.events.map((event: { type: string }) => event.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
  });

  it('cancels the subscription before deleting the account, and refuses to delete when Stripe cannot cancel it', async () => {
    const customer = await newCustomer();
    await subscribe(customer, 'professional');
    const { stripeSubscriptionId } = await userRow(customer);

    sandbox.account.secretKey = 'sk_test_rotated';
    const refused = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: customer.cookie }, payload: { password: TEST_PASSWORD } });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('We could not cancel your subscription');
    expect((await userRow(customer)).plan).toBe('professional');
    sandbox.account.secretKey = sandbox.secretKey;

    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: customer.cookie }, payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode).toBe(200);
    expect((await stripe.subscriptions.retrieve(stripeSubscriptionId!)).status).toBe('canceled');
    await sandbox.deliveriesDone();
    expect(await ctx.database.db.select().from(users).where(eq(users.id, customer.id))).toEqual([]);
  });
});

describe('without Stripe configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({ work: false });
  }, 60_000);
  afterAll(async () => {
    await plain?.stop();
  });

  it('says so in words: 503 for checkout and the portal, configured:false in the status, the webhook refused', async () => {
    const cookie = await activeUser(plain, 'unbilled@billing.example');
    const statusAnswer = await plain.app.inject({ method: 'GET', url: '/api/billing/status', headers: { cookie } });
    expect(statusAnswer.json()).toMatchObject({ configured: false, plan: 'free', tier: 'trial', portalAvailable: false });
    for (const url of ['/api/billing/checkout', '/api/billing/portal']) {
      const response = await plain.app.inject({ method: 'POST', url, headers: { cookie }, payload: { plan: 'starter' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'BILLING_NOT_CONFIGURED', message: 'Billing is not configured on this server.' });
    }
    const webhook = await plain.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(webhook.json()).toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
  });
});
