/** Where playwright.config.ts serves the builds made with SPEC.md's build-time flags. */
export const INTEREST_ONLY_PORT = Number(process.env.E2E_INTEREST_ONLY_PORT ?? 3101);
export const FORCED_DEMO_PORT = Number(process.env.E2E_FORCED_DEMO_PORT ?? 3102);
export const INTEREST_ONLY_URL = `http://127.0.0.1:${INTEREST_ONLY_PORT}`;
export const FORCED_DEMO_URL = `http://127.0.0.1:${FORCED_DEMO_PORT}`;
