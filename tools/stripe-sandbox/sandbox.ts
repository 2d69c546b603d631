/**
 * A Stripe-compatible server on loopback for tests, local development and benchmarks: the
 * official `stripe` SDK, pointed at it, creates prices, customers, Checkout Sessions and portal
 * sessions; a person (or a test posting the same form) pays on its hosted Checkout page; and it
 * sends signed webhook events to the app.
 *
 *   const sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:3000/api/billing/webhook' });
 *   const stripe = new Stripe(sandbox.secretKey, sandbox.clientOptions);
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, registerAdminRoutes } from './admin-routes';
import { registerApiRoutes } from './api-routes';
import { parseStripeForm } from './form-body';
import { registerHostedPages } from './hosted-pages';
import { StripeAccount, type StripeEvent } from './stripe-account';
import { StripeApiError } from './stripe-errors';
import { WebhookDelivery, type DeliveryAttempt } from './webhook-delivery';

export const DEFAULT_WEBHOOK_URL = 'http://127.0.0.1:3000/api/billing/webhook';

export interface StripeSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the admin routes have no authentication. */
  host?: string;
  /** Where events are POSTed; null sends none. Default DEFAULT_WEBHOOK_URL. */
  webhookUrl?: string | null;
  logger?: boolean;
}

export interface StripeSandbox {
  /** `http://127.0.0.1:PORT`: STRIPE_API_URL. */
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** For `new Stripe(secretKey, clientOptions)`. */
  readonly clientOptions: { host: string; port: number; protocol: 'http'; telemetry: false; maxNetworkRetries: 0 };
  readonly account: StripeAccount;
  webhookUrl: string | null;
  /** The lines for DataCleaner's `.env`. */
  envLines(): string[];
  /** Events raised, oldest first; one type's when given. */
  events(type?: string): StripeEvent[];
  deliveries(eventId: string): DeliveryAttempt[];
  /** Resolves once every queued webhook delivery was answered. */
  deliveriesDone(): Promise<void>;
  /** New events wait until release(): to deliver late or out of order. */
  holdDeliveries(): void;
  releaseDeliveries(order?: 'raised' | 'reverse'): Promise<StripeEvent[]>;
  redeliver(eventId: string): Promise<DeliveryAttempt[]>;
  /** Runs the clock on, renewing or ending subscriptions whose period ended. */
  advanceClock(seconds: number): Promise<void>;
  /** Runs the clock to the soonest period end of an active subscription. */
  advanceToNextPeriodEnd(): Promise<void>;
  failNextRenewal(subscriptionId: string): void;
  reset(): void;
  close(): Promise<void>;
}

export function buildStripeSandboxApp(account: StripeAccount, webhooks: WebhookDelivery, options: { logger?: boolean; reset: () => void }): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const isAdmin = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseStripeForm(String(body)));
  });

  app.setErrorHandler((error: FastifyError | StripeApiError, request, reply) => {
    if (error instanceof StripeApiError) return reply.code(error.statusCode).send(error.body());
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    if (isAdmin(request.url) || !request.url.startsWith('/v1/')) return reply.code(status).send({ message: error.message });
    return reply.code(status >= 500 ? 500 : 400).send(new StripeApiError(status >= 500 ? 500 : 400, status >= 500 ? 'An unknown error occurred' : `Invalid request: ${error.message}`, status >= 500 ? 'api_error' : 'invalid_request_error').body());
  });

  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/v1/')) return reply.code(404).send({ message: `No route ${request.method} ${request.url}` });
    return reply.code(404).send(new StripeApiError(404, `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`).body());
  });

  registerApiRoutes(app, account);
  registerHostedPages(app, account);
  // Browsers ask every page's site for an icon; a 404 would be an error in their console.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
  registerAdminRoutes(app, account, webhooks, options.reset);
  return app;
}

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  let url = '';
  const account = new StripeAccount(() => url);
  const webhooks = new WebhookDelivery(options.webhookUrl === undefined ? DEFAULT_WEBHOOK_URL : options.webhookUrl, () => account.webhookSecret);
  account.onEvent = (event) => webhooks.enqueue(event);
  const reset = () => {
    account.reset();
    webhooks.reset();
  };
  const app = buildStripeSandboxApp(account, webhooks, { logger: options.logger, reset });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;

  return {
    url,
    port: address.port,
    secretKey: account.secretKey,
    webhookSecret: account.webhookSecret,
    clientOptions: { host: address.address, port: address.port, protocol: 'http', telemetry: false, maxNetworkRetries: 0 },
    account,
    get webhookUrl() {
      return webhooks.endpointUrl;
    },
    set webhookUrl(value: string | null) {
      webhooks.endpointUrl = value;
    },
    envLines: () => [`STRIPE_SECRET_KEY=${account.secretKey}`, `STRIPE_API_URL=${url}`, `STRIPE_WEBHOOK_SECRET=${account.webhookSecret}`],
    events: (type) => account.events.filter((event) => !type || event.type === type),
    deliveries: (eventId) => webhooks.attemptsOf(eventId),
    deliveriesDone: () => webhooks.idle(),
    holdDeliveries: () => {
      webhooks.held = true;
    },
    releaseDeliveries: async (order = 'raised') => {
      const events = webhooks.release(order);
      await webhooks.idle();
      return events;
    },
    redeliver: async (eventId) => {
      webhooks.send(account.event(eventId));
      await webhooks.idle();
      return webhooks.attemptsOf(eventId);
    },
    advanceClock: async (seconds) => {
      account.advanceClock(seconds);
      await webhooks.idle();
    },
    advanceToNextPeriodEnd: async () => {
      const seconds = account.secondsToNextPeriodEnd();
      if (seconds === null) throw new Error('No active subscription has a period to end');
      account.advanceClock(seconds);
      await webhooks.idle();
    },
    failNextRenewal: (subscriptionId) => {
      account.failNextRenewal.add(account.subscription(subscriptionId).id);
    },
    reset,
    close: async () => {
      await webhooks.idle();
      await app.close();
    },
  };
}
