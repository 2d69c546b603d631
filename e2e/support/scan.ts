import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ScanRun } from '../../src/shared/contracts/scans';
import { signUpThroughApi } from './accounts';
import { SANDBOX_TOKEN } from './sandbox';

/** Connects the sandbox portal with its private-app token and scans these object types to the end, as the page's user. */
export async function connectAndScan(page: Page, objectTypes: string[]): Promise<void> {
  expect((await page.request.post('/api/hubspot/connect-token', { data: { accessToken: SANDBOX_TOKEN } })).ok()).toBe(true);
  const started = await page.request.post('/api/scans', { data: { objectTypes } });
  expect(started.ok(), await started.text()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get('/api/settings/last-scan')).json()) as { lastScan: ScanRun | null }).lastScan?.status, {
      message: 'the scan to finish',
      timeout: 90_000,
    })
    .toBe('completed');
}

/** The sandbox portal's contacts (400 seeded, a fifth of them copies), scanned. */
export const connectAndScanContacts = (page: Page) => connectAndScan(page, ['contacts']);

/**
 * A new browser context signed in as a new account whose portal has been scanned: for tests that
 * go through many signed-in screens with data, signing up and scanning once.
 */
export async function scannedAccountContext(browser: Browser, tag: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpThroughApi(page, tag);
  await connectAndScanContacts(page);
  await page.close();
  return context;
}
