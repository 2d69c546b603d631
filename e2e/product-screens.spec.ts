import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ScanRun } from '../src/shared/contracts/scans';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { SANDBOX_TOKEN } from './support/sandbox';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

/** axe-core's serious and critical findings, readably (moderate and minor are not gated, as in accessibility.spec.ts). */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}`).join('\n')}`);
}

/** Connects the sandbox portal and runs a contacts-only scan through the API, as the page's user. */
async function connectAndScan(page: Page): Promise<void> {
  expect((await page.request.post('/api/hubspot/connect-token', { data: { accessToken: SANDBOX_TOKEN } })).ok()).toBe(true);
  const started = await page.request.post('/api/scans', { data: { objectTypes: ['contacts'] } });
  expect(started.ok(), await started.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const { lastScan } = (await (await page.request.get('/api/settings/last-scan')).json()) as { lastScan: ScanRun | null };
        return lastScan?.status;
      },
      { message: 'the scan to finish', timeout: 90_000 },
    )
    .toBe('completed');
}

test.describe('settings', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('connects HubSpot with a token, saves grouped settings that persist, keeps secrets write-only, and disconnects', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpThroughApi(page, 'settings');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const hubspot = page.getByRole('region', { name: 'HubSpot connection' });
    await hubspot.getByLabel('Private app access token').fill(SANDBOX_TOKEN);
    await hubspot.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(hubspot.getByText(/^Connected to/)).toBeVisible({ timeout: 20_000 });

    // Checked in the browser first, with the contract's own message.
    const email = page.getByRole('region', { name: 'Email notifications' });
    await email.getByLabel('Send to').fill('not-an-address');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(email.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email.getByLabel('Send to')).toBeFocused();

    await email.getByLabel('Send to').fill('ops@example.com');
    await page.getByRole('region', { name: 'Objects and scanning' }).getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('region', { name: 'Duplicate detection' }).getByRole('radio', { name: /High/ }).check();
    const slack = page.getByRole('region', { name: 'Slack' });
    await slack.getByLabel('Slack bot token').fill('xoxb-e2e-not-a-real-token');
    await slack.getByLabel('Channel').fill('#crm-alerts');
    await expect(page.getByText('5 unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText(/All changes saved\. Last saved/)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Objects and scanning' }).getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Duplicate detection' }).getByRole('radio', { name: /High/ })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Email notifications' }).getByLabel('Send to')).toHaveValue('ops@example.com');
    await expect(page.getByRole('region', { name: 'Slack' }).getByLabel('Channel')).toHaveValue('#crm-alerts');
    // Only that the token is set comes back, never the token.
    await expect(page.getByRole('region', { name: 'Slack' }).getByLabel('Slack bot token')).toHaveValue('Stored, hidden');
    expect(await page.content()).not.toContain('xoxb-e2e-not-a-real-token');
    const settings = await (await page.request.get('/api/settings')).json();
    expect(JSON.stringify(settings)).not.toContain('xoxb-e2e-not-a-real-token');
    expect(settings.hasSlackBotToken).toBe(true);

    await page.getByRole('region', { name: 'HubSpot connection' }).getByRole('button', { name: 'Disconnect', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect HubSpot?' });
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(page.getByText('HubSpot is disconnected. Your scan history stays.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'HubSpot connection' }).getByLabel('Private app access token')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('asks before leaving with unsaved changes', async ({ page }) => {
    await signUpThroughApi(page, 'settings-leave');
    await page.goto('/settings');
    await page.getByRole('region', { name: 'AI', exact: true }).getByRole('switch', { name: 'AI assistance' }).click();
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the demo simulates saving: a toast, and nothing stored', async ({ page }) => {
    await page.goto('/demo/settings');
    const detection = page.getByRole('region', { name: 'Duplicate detection' });
    const before = await detection.getByRole('radio', { checked: true }).getAttribute('value');
    const other = before === 'high' ? 'Low' : 'High';
    await detection.getByRole('radio', { name: new RegExp(other) }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('This is the demo: your changes are shown but not stored.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Duplicate detection' }).getByRole('radio', { checked: true })).toHaveAttribute('value', before!);
    await expect(page.getByRole('region', { name: 'HubSpot connection' }).getByRole('button', { name: 'Disconnect', exact: true })).toBeDisabled();
  });
});

test.describe('reports', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('before any scan, explains reports and links to Settings', async ({ page }) => {
    await signUpThroughApi(page, 'reports-empty');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Connect HubSpot in Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('after a scan: charts, completeness and history; CSV export with a row per scan; a print view without the app around it', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page, 'reports');
    await connectAndScan(page);
    // window.print opens a dialog; record the call instead.
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await page.goto('/reports');
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByRole('heading', { name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Health over time' }).getByRole('img', { name: /Health score over the last 90 days/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Completeness by property' }).getByRole('list', { name: /Contacts/ }).getByRole('listitem').first()).toBeVisible();
    const history = page.getByRole('region', { name: 'Scan history' });
    const rows = history.locator('tbody tr');
    await expect(rows).toHaveCount(1);

    await page.getByRole('group', { name: 'Object type', exact: true }).getByRole('button', { name: 'Contacts' }).click();
    await expect(page).toHaveURL(/\/reports\?type=contacts$/);
    await expect(page.getByRole('region', { name: 'Contacts: health and its parts over time' })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^datacleaner-scan-history-contacts-90-days-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Scanned at (UTC),Object type,Scan ID,Health score,Completeness,Freshness,Duplicates score,Update frequency,Records scanned,Duplicate records');
    expect(lines).toHaveLength(1 + (await rows.count()));
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Contacts,\d+,[\d.]+,[\d.]+,[\d.]+,[\d.]+,[\d.]+,\d+,\d+$/);

    await page.getByRole('button', { name: 'Print report' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'App' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
    await expect(page.getByRole('group', { name: 'Object type', exact: true })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByText(/^Contacts, last 90 days\. Generated by DataCleaner on/)).toBeVisible();
    await expect(rows.first()).toBeVisible();
    // Nothing wider than the page: an A4 page is about 700 CSS pixels wide inside its margins.
    await page.setViewportSize({ width: 700, height: 1000 });
    const table = await history.locator('table').boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(700);
  });

  test('the demo: reads its own portal, and exports its history', async ({ page }) => {
    await page.goto('/demo/reports');
    const history = page.getByRole('region', { name: 'Scan history' });
    await expect(history.locator('tbody tr').first()).toBeAttached();
    const rowCount = await history.locator('tbody tr').count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).first().click()]);
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + rowCount);
  });
});

test.describe('help', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('explains the scores and matching, opens answers with the keyboard, and links stay in the demo', async ({ page }) => {
    await page.goto('/demo/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    const scores = page.getByRole('region', { name: 'How scores are computed' });
    await expect(scores.getByRole('article', { name: 'Completeness' })).toContainText('Completeness = 100 × Σ (weight × fill rate) ÷ Σ weight');
    await expect(page.getByRole('region', { name: 'How duplicate matching works' }).getByRole('heading', { name: 'Weigh the evidence' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'How duplicate matching works' }).getByRole('heading', { name: 'Companies: one name, two businesses' })).toBeVisible();
    await shoot(page, 'help');

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const question = faq.getByText('Can a merge be undone?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(faq.getByText(/merges cannot be undone in HubSpot/)).toBeVisible();

    await page.getByRole('link', { name: 'Settings, Duplicate detection' }).click();
    await expect(page).toHaveURL(/\/demo\/settings#duplicates$/);
    await expect(page.getByRole('region', { name: 'Duplicate detection' })).toBeVisible();
  });
});

test.describe('layout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => skipTour(page));

  for (const path of ['/demo/settings', '/demo/reports', '/demo/help']) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loading placeholders say role="status"; the sliders' <output> values are status too, implicitly.
      await expect(page.locator('[role="status"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});

test.describe('accessibility', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  for (const path of ['/demo/settings', '/demo/reports', '/demo/help']) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loading placeholders say role="status"; the sliders' <output> values are status too, implicitly.
      await expect(page.locator('[role="status"]')).toHaveCount(0);
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test('the signed-in screens, and settings with errors showing, have no serious or critical accessibility violations', async ({ page }) => {
    await signUpThroughApi(page, 'axe-screens');
    for (const path of ['/settings', '/reports', '/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loading placeholders say role="status"; the sliders' <output> values are status too, implicitly.
      await expect(page.locator('[role="status"]')).toHaveCount(0);
      expect(await blockingViolations(page), path).toEqual([]);
    }
    await page.goto('/settings');
    await page.getByRole('region', { name: 'Objects and scanning' }).getByLabel('Contacts sampling rate').fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Contacts sampling rate must be a whole number from 1 to 100 (percent)')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
