import type Stripe from 'stripe';
import { PLANS, type Plan } from '../../../shared/plans';
import type { Config } from '../../config';

type PriceConfig = Pick<Config, 'STRIPE_PRICE_STARTER' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_ENTERPRISE'>;

/** How a catalog price is found again in the Stripe account when no STRIPE_PRICE_* names it. */
export const lookupKeyOf = (planId: Plan['id']) => `datacleaner_${planId}_monthly`;

function configuredPrice(config: PriceConfig, planId: Plan['id']): string | undefined {
  return { starter: config.STRIPE_PRICE_STARTER, professional: config.STRIPE_PRICE_PROFESSIONAL, enterprise: config.STRIPE_PRICE_ENTERPRISE }[planId];
}

const found = new WeakMap<Stripe, Map<Plan['id'], Promise<string>>>();

/**
 * The monthly price of a plan: STRIPE_PRICE_<PLAN>, else the account's price with our lookup
 * key, else a product and price made from the catalog now (once per process and account).
 */
export function priceIdFor(stripe: Stripe, config: PriceConfig, planId: Plan['id']): Promise<string> {
  const configured = configuredPrice(config, planId);
  if (configured) return Promise.resolve(configured);
  const cache = found.get(stripe) ?? new Map<Plan['id'], Promise<string>>();
  found.set(stripe, cache);
  let price = cache.get(planId);
  if (!price) {
    price = findOrCreatePrice(stripe, planId);
    // A failed look-up is tried again next time, not remembered.
    price.catch(() => cache.delete(planId));
    cache.set(planId, price);
  }
  return price;
}

async function findOrCreatePrice(stripe: Stripe, planId: Plan['id']): Promise<string> {
  const lookupKey = lookupKeyOf(planId);
  const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (existing.data[0]) return existing.data[0].id;
  const plan = PLANS.find((candidate) => candidate.id === planId)!;
  const created = await stripe.prices.create({
    currency: 'usd',
    unit_amount: plan.pricePerMonth * 100,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    nickname: `${plan.name} monthly`,
    metadata: { plan: plan.id },
    product_data: { name: `DataCleaner ${plan.name}`, metadata: { plan: plan.id } },
  });
  return created.id;
}

/** Which plan a subscription's price is: by STRIPE_PRICE_*, our lookup key, or the plan named in its metadata. */
export function planOfPrice(config: PriceConfig, price: Pick<Stripe.Price, 'id' | 'lookup_key' | 'metadata'>): Plan['id'] | null {
  const plan = PLANS.find((candidate) => configuredPrice(config, candidate.id) === price.id || lookupKeyOf(candidate.id) === price.lookup_key || candidate.id === price.metadata?.plan);
  return plan?.id ?? null;
}
