/**
 * The Stripe sandbox the browser tests' server bills through (playwright.config.ts starts both):
 * its fixed test keys, and its webhooks posted to the app under test.
 */
export const STRIPE_SANDBOX_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3196);
export const STRIPE_SANDBOX_URL = `http://127.0.0.1:${STRIPE_SANDBOX_PORT}`;

/** tools/stripe-sandbox/stripe-account.ts: the sandbox's own keys. */
export const APP_STRIPE_ENV: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_sandbox0000000000000000000000001',
  STRIPE_API_URL: STRIPE_SANDBOX_URL,
  STRIPE_WEBHOOK_SECRET: 'whsec_sandbox000000000000000000000001',
};

export const STRIPE_TEST_CARD = '4242 4242 4242 4242';
