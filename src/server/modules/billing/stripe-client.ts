import Stripe from 'stripe';
import type { Config } from '../../config';

type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official SDK for this server's Stripe account, pointed at STRIPE_API_URL (the sandbox in
 * development and tests); null when STRIPE_SECRET_KEY is unset and billing is off.
 */
export function stripeFor(config: StripeConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const known = clients.get(config);
  if (known) return known;
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'DataCleaner' },
  });
  clients.set(config, client);
  return client;
}
