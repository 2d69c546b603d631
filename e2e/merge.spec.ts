import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { ScanRun } from '../src/shared/contracts/scans';
import { signUpThroughApi } from './support/accounts';
import { SANDBOX_TOKEN } from './support/sandbox';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

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

/** The file a click on the link downloads, parsed as CSV with a header line. */
async function downloadedCsv(page: Page, link: ReturnType<Page['getByRole']>): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return parse(await readFile(await download.path()), { columns: true }) as Record<string, string>[];
}

test('dismiss a group, undo it from History and it is back in the list; the groups and a quality list download as CSV', async ({ page }) => {
  test.setTimeout(180_000);
  await skipTour(page);
  await signUpThroughApi(page, 'undo');
  await connectAndScan(page);

  await page.goto('/duplicates');
  const list = page.getByRole('list', { name: 'Duplicate groups' });
  await list.getByRole('button').first().click();
  const groupId = new URL(page.url()).searchParams.get('group')!;
  const groups = await downloadedCsv(page, page.getByRole('link', { name: 'Download CSV' }));
  const lines = groups.filter((row) => row.Group === groupId);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines[0]).toMatchObject({ 'Object type': 'contacts', Status: 'pending' });
  expect(lines[0]!.Reason).toMatch(/^(Same|Close) /);
  expect(lines.every((row) => row.Name !== '' && row['Record ID'] !== '')).toBe(true);
  await shoot(page, 'duplicates-download');

  await page.getByRole('button', { name: 'Not a duplicate', exact: true }).click();
  await expect(page.getByText('Marked as not a duplicate')).toBeVisible();
  const pendingIds = async () => ((await (await page.request.get('/api/duplicates/groups?objectType=contacts&pageSize=100')).json()) as { groups: { id: number }[] }).groups.map((g) => String(g.id));
  expect(await pendingIds()).not.toContain(groupId);

  await page.getByRole('link', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'History of record actions' });
  const entry = history.getByRole('listitem').filter({ hasText: /^Dismissed / }).first();
  await expect(entry.getByRole('button', { name: 'Undo' })).toBeVisible();
  await shoot(page, 'history-undo');
  await entry.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Dismissal undone')).toBeVisible();
  await expect(entry).toContainText('undone');
  await expect(entry.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect(await pendingIds()).toContain(groupId);
  await page.getByRole('link', { name: 'Groups' }).click();
  await expect(list.getByRole('button')).not.toHaveCount(0);

  await page.goto('/objects/contacts?flag=possible-duplicate');
  const rows = await downloadedCsv(page, page.getByRole('link', { name: 'Download CSV' }));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.Issues?.includes('Possible duplicate'))).toBe(true);
  await shoot(page, 'objects-download');
});
