import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { FORCED_DEMO_PORT, INTEREST_ONLY_PORT } from './e2e/support/flag-builds';
import { SMTP_PORT, SMTP_URL } from './e2e/support/mailbox';
import { APP_AI_ENV, OPENAI_SANDBOX_PORT, OPENAI_SANDBOX_URL } from './e2e/support/openai';
import { APP_HUBSPOT_ENV, SANDBOX_ENV, SANDBOX_URL } from './e2e/support/sandbox';
import { APP_SLACK_ENV, SLACK_SANDBOX_PORT, SLACK_SANDBOX_URL } from './e2e/support/slack';
import { APP_STRIPE_ENV, STRIPE_SANDBOX_PORT, STRIPE_SANDBOX_URL } from './e2e/support/stripe';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database and mailbox for every run, so browser tests never see stale
// data. Workers load this file again: the environment hands them the runner's directories,
// and the tests read emailed links from the mailbox the mail catcher fills.
process.env.E2E_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'datacleaner-e2e-'));
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DIR, 'mail');
const dataDir = path.join(process.env.E2E_DIR, 'data');

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'tsx tools/hubspot-sandbox/main.ts',
      url: `${SANDBOX_URL}/__sandbox`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: SANDBOX_ENV,
    },
    {
      command: `tsx tools/slack-sandbox/main.ts --port ${SLACK_SANDBOX_PORT}`,
      url: `${SLACK_SANDBOX_URL}/_sandbox`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `tsx tools/stripe-sandbox/main.ts --port ${STRIPE_SANDBOX_PORT} --webhook-url http://127.0.0.1:${port}/api/billing/webhook`,
      url: `${STRIPE_SANDBOX_URL}/_sandbox/events`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `tsx tools/openai-sandbox/main.ts --port ${OPENAI_SANDBOX_PORT}`,
      // Unauthenticated, it answers 401: Playwright counts that as up.
      url: `${OPENAI_SANDBOX_URL}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'tsx e2e/support/mail-catcher.ts',
      port: SMTP_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: 'npm run build:web && tsx src/server/main.ts',
      // Ready once the demo account is built too (the server builds it at start): demo tests
      // then never wait on it.
      url: `http://127.0.0.1:${port}/api/demo/user`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // The address the browser uses: Stripe's Checkout sends the buyer back here, signed in.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        TRUST_PROXY: 'true',
        // What production requires: a mail server (the mail catcher) and a key of its own, fixed for the run.
        SMTP_URL,
        ENCRYPTION_KEY: 'e2e0'.repeat(16),
        ...APP_HUBSPOT_ENV,
        ...APP_SLACK_ENV,
        ...APP_STRIPE_ENV,
        ...APP_AI_ENV,
      },
    },
    // The build-time flags of SPEC.md section 1, each in a build of its own.
    ...(
      [
        ['interest-only', 'VITE_INTEREST_ONLY', INTEREST_ONLY_PORT],
        ['forced-demo', 'VITE_FORCE_DEMO', FORCED_DEMO_PORT],
      ] as const
    ).map(([name, flag, flagPort]) => ({
      command: `vite build --outDir ../../dist/e2e-${name} --emptyOutDir --logLevel warn && tsx e2e/support/flag-build-server.ts dist/e2e-${name} ${flagPort} http://127.0.0.1:${port}`,
      url: `http://127.0.0.1:${flagPort}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { [flag]: 'true' },
    })),
  ],
});
