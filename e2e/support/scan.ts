import { expect, type Page } from '@playwright/test';
import type { ScanRun } from '../../src/shared/contracts/scans';
import { SANDBOX_TOKEN } from './sandbox';

/** Connects the sandbox portal with its private-app token and scans these object types to the end. */
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
