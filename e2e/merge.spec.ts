import { expect, test, type Page } from '@playwright/test';
import type { ScanRun } from '../src/shared/contracts/scans';
import { signUpThroughApi } from './support/accounts';
import { SANDBOX_TOKEN } from './support/sandbox';

/** Connects the sandbox portal and scans its contacts, through the API with the page's session. */
async function connectAndScan(page: Page): Promise<void> {
  expect((await page.request.post('/api/hubspot/connect-token', { data: { accessToken: SANDBOX_TOKEN } })).ok()).toBe(true);
  expect((await page.request.put('/api/settings', { data: { objectsToAnalyze: ['contacts'] } })).ok()).toBe(true);
  const started = await page.request.post('/api/scans', { data: {} });
  expect(started.ok(), await started.text()).toBe(true);
  const run = (await started.json()) as ScanRun;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/scans/${run.id}`)).json()) as ScanRun).status, { timeout: 90_000, message: 'the scan to finish' })
    .toBe('completed');
}

test('merge a duplicate group in HubSpot from its plan, then restore the merged-away record from the history', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page, 'merge');
  await connectAndScan(page);

  await page.goto('/duplicates');
  await page.getByRole('list', { name: 'Duplicate groups' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Merge…' }).click();
  await expect(page.getByRole('heading', { name: /^Merge \d+ contacts$/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'The record that survives the merge' }).getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: '3. The merged record' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'I understand that HubSpot cannot undo a merge.' }).check();
  await page.getByRole('button', { name: /^Merge \d+ records? into / }).click();
  await expect(page.getByRole('heading', { name: 'Merged' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Records' }).getByText('Merged').first()).toBeVisible();

  await page.getByRole('link', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'History of record actions' });
  await expect(history.getByText(/^Merged /).first()).toBeVisible();
  await history.getByRole('button', { name: 'Restore' }).first().click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('a new record with a new id will be created in HubSpot from the backup');
  await confirm.getByRole('button', { name: 'Restore contact' }).click();
  await expect(page.getByText('Record restored')).toBeVisible({ timeout: 30_000 });
});
