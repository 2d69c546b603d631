/**
 * The HubSpot sandbox the browser tests' server talks to (playwright.config.ts starts both):
 * one small seeded portal, its private-app token and OAuth app fixed here so tests can use
 * them, rate limits off so a scan takes seconds.
 */
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 3199);
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const SANDBOX_TOKEN = 'pat-e2e-sandbox-portal-token-0001';
export const SANDBOX_CLIENT_ID = 'e2e-oauth-client-id';
export const SANDBOX_CLIENT_SECRET = 'e2e-oauth-client-secret';

export const SANDBOX_ENV: Record<string, string> = {
  HUBSPOT_SANDBOX_PORT: String(SANDBOX_PORT),
  HUBSPOT_SANDBOX_HOST: '127.0.0.1',
  HUBSPOT_SANDBOX_SEED: '7',
  HUBSPOT_SANDBOX_CONTACTS: '400',
  HUBSPOT_SANDBOX_COMPANIES: '120',
  HUBSPOT_SANDBOX_DEALS: '80',
  HUBSPOT_SANDBOX_TICKETS: '60',
  HUBSPOT_SANDBOX_TOKEN: SANDBOX_TOKEN,
  HUBSPOT_SANDBOX_CLIENT_ID: SANDBOX_CLIENT_ID,
  HUBSPOT_SANDBOX_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
  HUBSPOT_SANDBOX_NO_RATE_LIMITS: 'true',
};

/** What the app server needs to reach the sandbox, by token or by OAuth. */
export const APP_HUBSPOT_ENV: Record<string, string> = {
  HUBSPOT_API_BASE: SANDBOX_URL,
  HUBSPOT_AUTHORIZE_URL: `${SANDBOX_URL}/oauth/authorize`,
  HUBSPOT_CLIENT_ID: SANDBOX_CLIENT_ID,
  HUBSPOT_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
};
