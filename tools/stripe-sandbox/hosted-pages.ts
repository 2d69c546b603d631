/**
 * Stripe's hosted pages, as plain HTML forms a browser (or a test posting the same form) uses:
 * Checkout (`/c/pay/:id`), the Customer Portal (`/p/session/:id`) and an invoice (`/i/:id`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormObject } from './form-body';
import { DECLINED_MESSAGE, firstItem, TEST_CARDS, type StripeAccount, type StripeObject } from './stripe-account';

const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}[role=alert]{color:#b00020}form{margin:.75rem 0}table{border-collapse:collapse}td,th{padding:.25rem .5rem;text-align:left}</style>
</head><body><p><small>Stripe sandbox (test mode)</small></p>${body}</body></html>`;
}

const field = (request: FastifyRequest, name: string) => {
  const value = ((request.body as FormObject | undefined) ?? {})[name];
  return typeof value === 'string' ? value : '';
};
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

function priceLabel(account: StripeAccount, price: StripeObject): string {
  const product = account.products.get(price.product as string);
  return `${product?.name ?? price.nickname ?? price.id}: ${money(price.unit_amount as number, price.currency as string)} / ${(price.recurring as { interval: string } | null)?.interval ?? 'once'}`;
}

function checkoutPage(account: StripeAccount, session: StripeObject, error?: string): string {
  if (session.status !== 'open') return page('Checkout', '<h1>This Checkout Session is no longer active.</h1>');
  const items = (session._items as { price: string }[]).map((item) => `<li>${escape(priceLabel(account, account.price(item.price)))}</li>`).join('');
  const email = session.customer ? account.customers.get(session.customer as string)?.email : session.customer_email;
  return page(
    'Checkout',
    `<h1>Subscribe</h1><ul>${items}</ul>${email ? `<p>${escape(email)}</p>` : ''}
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/c/pay/${escape(session.id)}">
<label for="cardNumber">Card number</label> <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button type="submit">Subscribe</button></form>
<p><small>4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</small></p>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel</a></p>` : ''}`,
  );
}

function portalPage(account: StripeAccount, session: StripeObject, error?: string): string {
  const customerId = session.customer as string;
  const subscription = [...account.subscriptions.values()].reverse().find((candidate) => candidate.customer === customerId && candidate.status !== 'canceled');
  const action = (path: string) => `/p/session/${escape(session.id)}/${path}`;
  let plan = '<p>No current subscription.</p>';
  if (subscription) {
    const item = firstItem(subscription);
    const price = item.price as StripeObject;
    const choices = [...account.prices.values()]
      .filter((candidate) => candidate.active && candidate.type === 'recurring' && candidate.id !== price.id)
      .map((candidate) => `<form method="post" action="${action('plan')}"><input type="hidden" name="price" value="${escape(candidate.id)}"><button type="submit">Switch to ${escape(priceLabel(account, candidate))}</button></form>`)
      .join('');
    const periodEnd = day(item.current_period_end as number);
    const openInvoice = [...account.invoices.values()].find((invoice) => invoice.customer === customerId && invoice.status === 'open');
    plan = `<h2>Current plan</h2><p>${escape(priceLabel(account, price))} (${escape(subscription.status)})</p>
<p>${subscription.cancel_at_period_end ? `Your plan will be canceled on ${periodEnd}.` : `Renews on ${periodEnd}.`}</p>
${subscription.cancel_at_period_end ? `<form method="post" action="${action('renew')}"><button type="submit">Renew plan</button></form>` : `${choices}<form method="post" action="${action('cancel')}"><button type="submit">Cancel plan</button></form>`}
${openInvoice ? `<h2>Payment method</h2><p role="alert">Your last payment failed.</p><form method="post" action="${action('pay')}"><label for="cardNumber">Card number</label> <input id="cardNumber" name="cardNumber" required><button type="submit">Update card and pay ${escape(money(openInvoice.amount_due as number, openInvoice.currency as string))}</button></form>` : ''}`;
  }
  const invoices = [...account.invoices.values()]
    .filter((invoice) => invoice.customer === customerId)
    .reverse()
    .map((invoice) => `<tr><td>${day(invoice.created as number)}</td><td>${escape(money(invoice.total as number, invoice.currency as string))}</td><td>${escape(invoice.status)}</td><td><a href="${escape(invoice.hosted_invoice_url)}">${escape(invoice.number)}</a></td></tr>`)
    .join('');
  return page(
    'Billing',
    `<h1>Billing</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}${plan}
<h2>Invoice history</h2>${invoices ? `<table><tr><th>Date</th><th>Amount</th><th>Status</th><th>Invoice</th></tr>${invoices}</table>` : '<p>No invoices yet.</p>'}
${session.return_url ? `<p><a href="${escape(session.return_url)}">Return</a></p>` : ''}`,
  );
}

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

export function registerHostedPages(app: FastifyInstance, account: StripeAccount): void {
  app.get('/c/pay/:id', async (request, reply) => html(reply, checkoutPage(account, account.checkoutSession(idOf(request)))));
  app.post('/c/pay/:id', async (request, reply) => {
    const session = account.checkoutSession(idOf(request));
    const outcome = account.payCheckoutSession(session.id, field(request, 'cardNumber'));
    if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
    return html(reply, checkoutPage(account, session, outcome.error), 402);
  });

  const portalSubscription = (session: StripeObject) => {
    const subscription = [...account.subscriptions.values()].reverse().find((candidate) => candidate.customer === session.customer && candidate.status !== 'canceled');
    if (!subscription) throw Object.assign(new Error('No current subscription.'), { statusCode: 400 });
    return subscription;
  };
  const portalAction = (path: string, act: (subscription: StripeObject, request: FastifyRequest) => string | void) => {
    app.post(`/p/session/:id/${path}`, async (request, reply) => {
      const session = account.portalSession(idOf(request));
      const error = act(portalSubscription(session), request);
      if (error) return html(reply, portalPage(account, session, error), 402);
      return reply.redirect(`/p/session/${session.id}`, 303);
    });
  };

  app.get('/p/session/:id', async (request, reply) => html(reply, portalPage(account, account.portalSession(idOf(request)))));
  portalAction('plan', (subscription, request) => {
    account.updateSubscription(subscription.id, { items: [{ id: firstItem(subscription).id, price: field(request, 'price') }] });
  });
  portalAction('cancel', (subscription) => {
    account.updateSubscription(subscription.id, { cancel_at_period_end: 'true' });
  });
  portalAction('renew', (subscription) => {
    account.updateSubscription(subscription.id, { cancel_at_period_end: 'false' });
  });
  portalAction('pay', (subscription, request) => {
    const card = field(request, 'cardNumber').replace(/[\s-]/g, '');
    if (card !== TEST_CARDS.pays) return DECLINED_MESSAGE;
    const open = [...account.invoices.values()].find((invoice) => invoice.customer === subscription.customer && invoice.status === 'open');
    if (open) account.payInvoice(open.id);
  });

  app.get('/i/:id', async (request, reply) => {
    const invoice = account.invoice(idOf(request));
    return html(reply, page(`Invoice ${invoice.number}`, `<h1>Invoice ${escape(invoice.number)}</h1><p>${escape(money(invoice.total as number, invoice.currency as string))}, ${escape(invoice.status)}</p><p>Issued ${day(invoice.created as number)}</p>`));
  });
}
