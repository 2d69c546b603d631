/** `/v1/*`: the part of Stripe's API that DataCleaner's billing uses, with Stripe's auth and errors. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseStripeForm, type FormObject } from './form-body';
import { sessionView, type StripeAccount } from './stripe-account';
import { StripeApiError } from './stripe-errors';

function queryOf(request: FastifyRequest): FormObject {
  const index = request.url.indexOf('?');
  return index === -1 ? {} : parseStripeForm(request.url.slice(index + 1));
}

const bodyOf = (request: FastifyRequest): FormObject => (request.body as FormObject | undefined) ?? {};
const idOf = (request: FastifyRequest): string => (request.params as { id: string }).id;

/** "sk_test_...abcd" as Stripe quotes a bad key: never the whole key. */
function maskKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : key;
}

function checkKey(request: FastifyRequest, account: StripeAccount): void {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header) ?? /^Basic (.+)$/i.exec(header);
  if (!match) throw new StripeApiError(401, 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
  const credential = match[1] ?? '';
  const key = header.toLowerCase().startsWith('basic ') ? (Buffer.from(credential, 'base64').toString().split(':')[0] ?? '') : credential;
  if (key !== account.secretKey) throw new StripeApiError(401, `Invalid API Key provided: ${maskKey(key)}`);
}

export function registerApiRoutes(app: FastifyInstance, account: StripeAccount): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    reply.header('request-id', `req_${Math.random().toString(36).slice(2, 16)}`);
    reply.header('stripe-version', request.headers['stripe-version'] ?? '2026-10-28.endive');
    checkKey(request, account);
  });

  app.post('/v1/products', async (request) => account.createProduct(bodyOf(request)));
  app.get('/v1/products/:id', async (request) => account.product(idOf(request)));
  app.get('/v1/products', async () => ({ object: 'list', data: [...account.products.values()], has_more: false, url: '/v1/products' }));

  app.post('/v1/prices', async (request) => account.createPrice(bodyOf(request)));
  app.get('/v1/prices/:id', async (request) => account.price(idOf(request)));
  app.get('/v1/prices', async (request) => account.listPrices(queryOf(request)));

  app.post('/v1/customers', async (request) => account.createCustomer(bodyOf(request)));
  app.get('/v1/customers/:id', async (request) => account.customer(idOf(request)));
  app.post('/v1/customers/:id', async (request) => account.updateCustomer(idOf(request), bodyOf(request)));

  app.post('/v1/checkout/sessions', async (request) => sessionView(account.createCheckoutSession(bodyOf(request))));
  app.get('/v1/checkout/sessions/:id', async (request) => sessionView(account.checkoutSession(idOf(request))));

  app.get('/v1/subscriptions', async (request) => account.listSubscriptions(queryOf(request)));
  app.get('/v1/subscriptions/:id', async (request) => account.subscription(idOf(request)));
  app.post('/v1/subscriptions/:id', async (request) => account.updateSubscription(idOf(request), bodyOf(request)));
  app.delete('/v1/subscriptions/:id', async (request) => account.cancelSubscription(idOf(request)));
  app.post('/v1/subscriptions/:id/cancel', async (request) => account.cancelSubscription(idOf(request)));

  app.get('/v1/invoices', async (request) => account.listInvoices(queryOf(request)));
  app.get('/v1/invoices/:id', async (request) => account.invoice(idOf(request)));
  app.post('/v1/invoices/:id/pay', async (request) => account.payInvoice(idOf(request)));

  app.post('/v1/billing_portal/sessions', async (request) => account.createPortalSession(bodyOf(request)));

  app.get('/v1/events', async () => ({ object: 'list', data: [...account.events].reverse(), has_more: false, url: '/v1/events' }));
  app.get('/v1/events/:id', async (request) => account.event(idOf(request)));
}
