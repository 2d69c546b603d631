/**
 * The sandbox's Stripe account in memory: products, prices, customers, Checkout Sessions,
 * subscriptions, invoices, portal sessions and the events they raise. Objects are kept in
 * Stripe's own JSON shapes (API 2025+: the period lives on the subscription item).
 */
import { randomBytes } from 'node:crypto';
import { invalidParam, missingParam, noSuch, StripeApiError } from './stripe-errors';
import type { FormObject, FormValue } from './form-body';

export const SANDBOX_SECRET_KEY = 'sk_test_sandbox0000000000000000000000001';
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox000000000000000000000001';
export const API_VERSION = '2026-10-28.endive';

/** A Stripe object as JSON. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeEvent extends StripeObject {
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string): string {
  return `${prefix}_${[...randomBytes(24)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** The same calendar day a month later, as Stripe bills monthly (Jan 31 -> Feb 28). */
export function addMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const metadataOf = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (Object.fromEntries(Object.entries(value).filter(([, item]) => typeof item === 'string')) as Record<string, string>) : {};
const objectParam = (value: FormValue | undefined): FormObject | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? value : undefined);

/** Card numbers of the hosted Checkout page, as Stripe's test cards behave. */
export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;
export const DECLINED_MESSAGE = 'Your card was declined.';

export class StripeAccount {
  secretKey = SANDBOX_SECRET_KEY;
  webhookSecret = SANDBOX_WEBHOOK_SECRET;
  /** Seconds the sandbox clock runs ahead of the real one (advance it to renew periods). */
  clockOffset = 0;
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly customers = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  readonly events: StripeEvent[] = [];
  /** Subscriptions whose next renewal is declined. */
  readonly failNextRenewal = new Set<string>();
  /** Called for every event raised, in order (webhook delivery listens here). */
  onEvent: (event: StripeEvent) => void = () => {};

  constructor(private readonly baseUrl: () => string) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  reset(): void {
    for (const map of [this.products, this.prices, this.customers, this.checkoutSessions, this.subscriptions, this.invoices, this.portalSessions]) map.clear();
    this.events.length = 0;
    this.failNextRenewal.clear();
    this.clockOffset = 0;
  }

  private emit(type: string, object: StripeObject, previous?: Record<string, unknown>): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.onEvent(event);
  }

  // Products and prices

  createProduct(params: FormObject): StripeObject {
    const name = text(params.name);
    if (!name) throw missingParam('name');
    const product: StripeObject = { id: text(params.id) ?? stripeId('prod'), object: 'product', active: true, created: this.now(), description: text(params.description) ?? null, livemode: false, metadata: metadataOf(params.metadata), name, updated: this.now() };
    this.products.set(product.id, product);
    return product;
  }

  product(id: string): StripeObject {
    const product = this.products.get(id);
    if (!product) throw noSuch('product', id);
    return product;
  }

  createPrice(params: FormObject): StripeObject {
    const productData = objectParam(params.product_data);
    const productId = text(params.product) ?? (productData ? this.createProduct(productData).id : undefined);
    if (!productId) throw missingParam('product');
    this.product(productId);
    const currency = text(params.currency);
    if (!currency) throw missingParam('currency');
    const amount = Number(text(params.unit_amount));
    if (!Number.isInteger(amount) || amount < 0) throw invalidParam('unit_amount', 'Invalid integer: unit_amount');
    const recurring = objectParam(params.recurring);
    const lookupKey = text(params.lookup_key) ?? null;
    if (lookupKey && [...this.prices.values()].some((price) => price.lookup_key === lookupKey)) {
      throw invalidParam('lookup_key', `A price (\`${[...this.prices.values()].find((price) => price.lookup_key === lookupKey)!.id}\`) already uses that lookup key.`);
    }
    const price: StripeObject = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: currency.toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata),
      nickname: text(params.nickname) ?? null,
      product: productId,
      recurring: recurring ? { interval: text(recurring.interval) ?? 'month', interval_count: Number(text(recurring.interval_count) ?? 1), meter: null, usage_type: 'licensed' } : null,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  price(id: string, param = 'id'): StripeObject {
    const price = this.prices.get(id);
    if (!price) throw noSuch('price', id, param);
    return price;
  }

  listPrices(query: FormObject) {
    const lookupKeys = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
    const prices = [...this.prices.values()].filter(
      (price) => (lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key as string)) && (!query.product || price.product === query.product) && (query.active === undefined || String(price.active) === query.active),
    );
    return list(prices, '/v1/prices');
  }

  // Customers

  createCustomer(params: FormObject): StripeObject {
    const customer: StripeObject = { id: stripeId('cus'), object: 'customer', balance: 0, created: this.now(), currency: null, delinquent: false, description: text(params.description) ?? null, email: text(params.email) ?? null, livemode: false, metadata: metadataOf(params.metadata), name: text(params.name) ?? null, phone: null, invoice_settings: { default_payment_method: null } };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string, param = 'id'): StripeObject {
    const customer = this.customers.get(id);
    if (!customer) throw noSuch('customer', id, param);
    return customer;
  }

  updateCustomer(id: string, params: FormObject): StripeObject {
    const customer = this.customer(id);
    if (params.email !== undefined) customer.email = text(params.email) || null;
    if (params.name !== undefined) customer.name = text(params.name) || null;
    if (params.metadata !== undefined) customer.metadata = { ...(customer.metadata as object), ...metadataOf(params.metadata) };
    return customer;
  }

  // Checkout

  createCheckoutSession(params: FormObject): StripeObject {
    if (text(params.mode) !== 'subscription') throw invalidParam('mode', 'The sandbox supports Checkout in subscription mode only.');
    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    if (lineItems.length === 0) throw missingParam('line_items');
    const items = lineItems.map((item, index) => {
      const priceId = text(objectParam(item)?.price);
      if (!priceId) throw missingParam(`line_items[${index}][price]`);
      const price = this.price(priceId, `line_items[${index}][price]`);
      if (price.type !== 'recurring') throw invalidParam(`line_items[${index}][price]`, 'You must provide at least one recurring price in `subscription` mode when using prices.');
      return { price: priceId, quantity: Number(text(objectParam(item)?.quantity) ?? 1) };
    });
    const successUrl = text(params.success_url);
    if (!successUrl) throw missingParam('success_url');
    const customerId = text(params.customer) ?? null;
    if (customerId) this.customer(customerId, 'customer');
    const id = stripeId('cs_test');
    const amount = items.reduce((sum, item) => sum + (this.price(item.price).unit_amount as number) * item.quantity, 0);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: text(params.cancel_url) ?? null,
      client_reference_id: text(params.client_reference_id) ?? null,
      created: this.now(),
      currency: this.price(items[0]!.price).currency,
      customer: customerId,
      customer_email: text(params.customer_email) ?? null,
      expires_at: this.now() + 86_400,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      invoice: null,
      success_url: successUrl,
      url: `${this.baseUrl()}/c/pay/${id}`,
      // Not part of Stripe's session object; kept out of API answers by sessionView().
      _items: items,
      _subscriptionMetadata: metadataOf(objectParam(params.subscription_data)?.metadata),
    };
    this.checkoutSessions.set(id, session);
    return session;
  }

  checkoutSession(id: string): StripeObject {
    const session = this.checkoutSessions.get(id);
    if (!session) throw noSuch('checkout.session', id);
    return session;
  }

  /** The card form of the hosted page: a subscription on success, a decline message otherwise. */
  payCheckoutSession(id: string, cardNumber: string): { redirect: string } | { error: string } {
    const session = this.checkoutSession(id);
    if (session.status !== 'open') return { error: 'This Checkout Session is no longer active.' };
    const card = cardNumber.replace(/[\s-]/g, '');
    if (card === TEST_CARDS.declined) return { error: DECLINED_MESSAGE };
    if (card !== TEST_CARDS.pays) return { error: 'Your card number is incorrect. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.' };
    const customerId = (session.customer as string | null) ?? this.createCustomer({ email: (session.customer_email as string | null) ?? '' }).id;
    const items = session._items as { price: string; quantity: number }[];
    const subscription = this.startSubscription(customerId, items, session._subscriptionMetadata as Record<string, string>);
    Object.assign(session, { customer: customerId, status: 'complete', payment_status: 'paid', subscription: subscription.id, invoice: subscription.latest_invoice, url: null });
    this.emit('checkout.session.completed', sessionView(session));
    return { redirect: (session.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', id) };
  }

  // Subscriptions

  private subscriptionItem(subscriptionId: string, priceId: string, quantity: number, start: number): StripeObject {
    return { id: stripeId('si'), object: 'subscription_item', created: this.now(), current_period_start: start, current_period_end: addMonth(start), discounts: [], metadata: {}, price: structuredClone(this.price(priceId)), quantity, subscription: subscriptionId, tax_rates: [] };
  }

  private startSubscription(customerId: string, items: { price: string; quantity: number }[], metadata: Record<string, string>): StripeObject {
    const id = stripeId('sub');
    const start = this.now();
    const subscription: StripeObject = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: this.price(items[0]!.price).currency,
      customer: customerId,
      ended_at: null,
      items: list(items.map((item) => this.subscriptionItem(id, item.price, item.quantity, start)), `/v1/subscription_items?subscription=${id}`),
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: start,
      status: 'active',
      trial_end: null,
      trial_start: null,
    };
    this.subscriptions.set(id, subscription);
    const invoice = this.createInvoice(subscription, 'subscription_create', true);
    this.emit('customer.subscription.created', subscription);
    this.emit('invoice.paid', invoice);
    return subscription;
  }

  subscription(id: string): StripeObject {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  listSubscriptions(query: FormObject) {
    const status = text(query.status);
    const subscriptions = [...this.subscriptions.values()].filter(
      (subscription) => (!query.customer || subscription.customer === query.customer) && (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')) && (!query.price || itemsOf(subscription).some((item) => (item.price as StripeObject).id === query.price)),
    );
    return list(subscriptions, '/v1/subscriptions');
  }

  private periodOf(subscription: StripeObject): { start: number; end: number } {
    const item = firstItem(subscription);
    return { start: item.current_period_start as number, end: item.current_period_end as number };
  }

  /** subscriptions.update: switch the price, cancel or resume at period end, metadata. */
  updateSubscription(id: string, params: FormObject): StripeObject {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.', 'invalid_request_error');
    const previous: Record<string, unknown> = {};
    const before = structuredClone(subscription);
    if (params.cancel_at_period_end !== undefined) {
      const cancel = params.cancel_at_period_end === 'true';
      if (cancel !== subscription.cancel_at_period_end) {
        Object.assign(previous, { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at, canceled_at: subscription.canceled_at });
        Object.assign(subscription, { cancel_at_period_end: cancel, cancel_at: cancel ? this.periodOf(subscription).end : null, canceled_at: cancel ? this.now() : null });
      }
    }
    const items = Array.isArray(params.items) ? params.items : [];
    items.forEach((change, index) => {
      const fields = objectParam(change) ?? {};
      const priceId = text(fields.price);
      if (!priceId) return;
      this.price(priceId, `items[${index}][price]`);
      const item = itemsOf(subscription).find((candidate) => candidate.id === text(fields.id)) ?? (itemsOf(subscription).length === 1 && !fields.id ? itemsOf(subscription)[0] : undefined);
      if (!item) throw invalidParam(`items[${index}][id]`, 'Name the subscription item to change with items[][id].');
      if ((item.price as StripeObject).id === priceId) return;
      previous.items = before.items;
      item.price = structuredClone(this.price(priceId));
    });
    if (params.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...(subscription.metadata as object), ...metadataOf(params.metadata) };
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** subscriptions.cancel: ends it now (account deletion, or the period ran out while cancelling). */
  cancelSubscription(id: string): StripeObject {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw new StripeApiError(400, `This subscription is already canceled: ${id}`, 'invalid_request_error');
    const now = this.now();
    Object.assign(subscription, { status: 'canceled', ended_at: now, canceled_at: subscription.canceled_at ?? now, cancel_at_period_end: false });
    this.failNextRenewal.delete(id);
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  // Invoices

  private createInvoice(subscription: StripeObject, reason: 'subscription_create' | 'subscription_cycle', paid: boolean): StripeObject {
    const { start, end } = this.periodOf(subscription);
    const lines = itemsOf(subscription).map((item) => {
      const price = item.price as StripeObject;
      return { id: stripeId('il'), object: 'line_item', amount: (price.unit_amount as number) * (item.quantity as number), currency: price.currency, description: `${item.quantity} x ${this.products.get(price.product as string)?.name ?? 'Plan'}`, period: { start, end }, pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details' }, quantity: item.quantity };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const now = this.now();
    const id = stripeId('in');
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: subscription.customer,
      customer_email: this.customers.get(subscription.customer as string)?.email ?? null,
      hosted_invoice_url: `${this.baseUrl()}/i/${id}`,
      lines: list(lines, `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      number: `SANDBOX-${String(this.invoices.size + 1).padStart(4, '0')}`,
      parent: { quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id }, type: 'subscription_details' },
      period_end: now,
      period_start: now,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now, paid_at: paid ? now : null, voided_at: null, marked_uncollectible_at: null },
      subtotal: total,
      total,
    };
    this.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  invoice(id: string): StripeObject {
    const invoice = this.invoices.get(id);
    if (!invoice) throw noSuch('invoice', id);
    return invoice;
  }

  listInvoices(query: FormObject) {
    const invoices = [...this.invoices.values()]
      .filter((invoice) => (!query.customer || invoice.customer === query.customer) && (!query.subscription || subscriptionOfInvoice(invoice) === query.subscription) && (!query.status || invoice.status === query.status))
      .reverse();
    return list(invoices, '/v1/invoices');
  }

  /** Pays an open invoice (a new card, or Stripe's retry): the subscription is active again. */
  payInvoice(id: string): StripeObject {
    const invoice = this.invoice(id);
    if (invoice.status === 'paid') throw new StripeApiError(400, 'Invoice is already paid', 'invalid_request_error', 'invoice_already_paid');
    const now = this.now();
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempt_count: (invoice.attempt_count as number) + 1, status_transitions: { ...(invoice.status_transitions as object), paid_at: now } });
    this.emit('invoice.paid', invoice);
    const subscription = this.subscriptions.get(subscriptionOfInvoice(invoice) ?? '');
    if (subscription && subscription.status === 'past_due') {
      subscription.status = 'active';
      this.emit('customer.subscription.updated', subscription, { status: 'past_due' });
    }
    return invoice;
  }

  // Time

  /**
   * Moves the clock on and does what Stripe would have done meanwhile: renew each period that
   * ended (paid, or declined when failNextRenewal says so), or end a subscription set to cancel.
   */
  advanceClock(seconds: number): void {
    this.clockOffset += seconds;
    for (const subscription of this.subscriptions.values()) {
      while (subscription.status === 'active' && this.periodOf(subscription).end <= this.now()) {
        if (subscription.cancel_at_period_end) {
          this.cancelSubscription(subscription.id);
          break;
        }
        this.renew(subscription);
      }
    }
  }

  /** Seconds until the soonest period end of a live subscription (what "advance to renewal" needs). */
  secondsToNextPeriodEnd(): number | null {
    const ends = [...this.subscriptions.values()].filter((subscription) => subscription.status === 'active').map((subscription) => this.periodOf(subscription).end);
    return ends.length === 0 ? null : Math.max(0, Math.min(...ends) - this.now());
  }

  private renew(subscription: StripeObject): void {
    const { end } = this.periodOf(subscription);
    const before = structuredClone(subscription.items);
    for (const item of itemsOf(subscription)) Object.assign(item, { current_period_start: end, current_period_end: addMonth(end) });
    const fails = this.failNextRenewal.delete(subscription.id);
    const invoice = this.createInvoice(subscription, 'subscription_cycle', !fails);
    if (fails) {
      subscription.status = 'past_due';
      this.emit('invoice.payment_failed', invoice);
      this.emit('customer.subscription.updated', subscription, { status: 'active', items: before, latest_invoice: null });
    } else {
      this.emit('invoice.paid', invoice);
      this.emit('customer.subscription.updated', subscription, { items: before });
    }
  }

  // Billing portal

  createPortalSession(params: FormObject): StripeObject {
    const customerId = text(params.customer);
    if (!customerId) throw missingParam('customer');
    this.customer(customerId, 'customer');
    const id = stripeId('bps');
    const session: StripeObject = { id, object: 'billing_portal.session', configuration: 'bpc_sandbox', created: this.now(), customer: customerId, flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: text(params.return_url) ?? null, url: `${this.baseUrl()}/p/session/${id}` };
    this.portalSessions.set(id, session);
    return session;
  }

  portalSession(id: string): StripeObject {
    const session = this.portalSessions.get(id);
    if (!session) throw noSuch('billing_portal.session', id);
    return session;
  }

  event(id: string): StripeEvent {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }
}

export function itemsOf(subscription: StripeObject): StripeObject[] {
  return (subscription.items as { data: StripeObject[] }).data;
}

/** DataCleaner's subscriptions have one item: the plan's price. */
export function firstItem(subscription: StripeObject): StripeObject {
  const item = itemsOf(subscription)[0];
  if (!item) throw new StripeApiError(400, `Subscription ${subscription.id} has no items`);
  return item;
}

export function subscriptionOfInvoice(invoice: StripeObject): string | null {
  const parent = invoice.parent as { subscription_details: { subscription: string } | null } | null;
  return parent?.subscription_details?.subscription ?? null;
}

/** A Checkout Session as the API shows it, without the sandbox's own bookkeeping. */
export function sessionView(session: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_'))) as StripeObject;
}
