import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { BILLING_NOT_CONFIGURED, billingStatusSchema, checkoutRequestSchema, redirectResponseSchema } from '../../../shared/contracts/billing';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser } from '../auth';
import { billingStatus } from './billing-status';
import { handleStripeEvent } from './handle-stripe-event';
import { openPortal, startCheckout } from './start-checkout';
import { stripeFor } from './stripe-client';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const notConfigured = () => new HttpError(503, 'BILLING_NOT_CONFIGURED', `${BILLING_NOT_CONFIGURED}.`);

function configuredStripe(config: Config): Stripe {
  const stripe = stripeFor(config);
  if (!stripe) throw notConfigured();
  return stripe;
}

interface BillingDependencies {
  db: Db;
  config: Config;
}

/** Status, Checkout and the Customer Portal for the signed-in user, and Stripe's webhook. */
export function billingRoutes({ db, config }: BillingDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    // A user whose trial ended comes to /subscribe to pay: these must answer them.
    const payingGuard = requireUser(db, { expiredTrial: true });

    app.get(
      '/api/billing/status',
      { preHandler: payingGuard, schema: { tags: ['billing'], summary: 'My plan, trial and subscription', response: { 200: billingStatusSchema, ...errors } } },
      async (request) => billingStatus(signedInUser(request), stripeFor(config) !== null),
    );

    app.post(
      '/api/billing/checkout',
      {
        preHandler: payingGuard,
        schema: { tags: ['billing'], summary: 'Start paying for a plan: the Stripe Checkout page to go to (the Customer Portal when already subscribed)', body: checkoutRequestSchema, response: { 200: redirectResponseSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...errors } },
      },
      async (request) => ({ url: await startCheckout(db, configuredStripe(config), config, signedInUser(request), request.body.plan) }),
    );

    app.post(
      '/api/billing/portal',
      {
        preHandler: payingGuard,
        schema: { tags: ['billing'], summary: 'The Stripe Customer Portal: change plan, update the card, see invoices, cancel', response: { 200: redirectResponseSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...errors } },
      },
      async (request) => ({ url: await openPortal(configuredStripe(config), config, signedInUser(request)) }),
    );

    await app.register(webhookRoute({ db, config }));
  };
}

/** In a plugin of its own, so its raw-body parser applies to this route only. */
function webhookRoute({ db, config }: BillingDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes Stripe sent: keep them, whatever the content type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: "Stripe's events (checkout.session.completed, customer.subscription.*, invoice.paid, invoice.payment_failed), signed with STRIPE_WEBHOOK_SECRET",
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }), 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const stripe = stripeFor(config);
        if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw notConfigured();
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (!signature || !Buffer.isBuffer(body)) throw new HttpError(400, 'INVALID_SIGNATURE', 'The request has no Stripe-Signature header or no body.');
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(body, signature, config.STRIPE_WEBHOOK_SECRET);
        } catch {
          throw new HttpError(400, 'INVALID_SIGNATURE', 'The Stripe signature does not match this body (or is too old).');
        }
        const outcome = await handleStripeEvent(db, stripe, config, event);
        request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true as const, outcome };
      },
    );
  };
}
