import { expect, test, type Page } from '@playwright/test';
import { expectCleanLayout, WIDTHS } from './support/layout';
import { scannedAccountContext } from './support/scanned-account';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

/** A screen to lay out: where it is, and what shows it has finished loading. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

/**
 * The duplicates, merge, reports, objects and settings screens under a base path ('' for the
 * app, '/demo' for the demo), with a real group and record found by clicking through, as a user would.
 */
async function screensOf(page: Page, base: string): Promise<Screen[]> {
  await page.goto(`${base}/duplicates`);
  await page.getByRole('list', { name: 'Duplicate groups' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Records side by side' })).toBeVisible();
  const group = new URL(page.url()).search;
  const shared: Screen[] = [
    { name: 'duplicates', path: `${base}/duplicates`, ready: (p) => p.getByRole('list', { name: 'Duplicate groups' }) },
    { name: 'duplicate-group', path: `${base}/duplicates${group}`, ready: (p) => p.getByRole('heading', { name: 'Records side by side' }) },
    { name: 'merge-plan', path: `${base}/duplicates${group}&merge=1`, ready: (p) => p.getByRole('heading', { name: '3. The merged record' }) },
    { name: 'duplicates-history', path: `${base}/duplicates?view=history`, ready: (p) => p.getByRole('heading', { name: 'History', exact: true }) },
    { name: 'reports', path: `${base}/reports`, ready: (p) => p.getByRole('region', { name: 'Scan history' }).getByRole('table') },
    { name: 'settings', path: `${base}/settings`, ready: (p) => p.getByRole('region', { name: 'Duplicate detection' }) },
    { name: 'dashboard', path: `${base}/dashboard`, ready: (p) => p.getByRole('img', { name: /Health score over the last/ }) },
    { name: 'help', path: `${base}/help`, ready: (p) => p.getByRole('region', { name: 'Frequently asked questions' }) },
    { name: 'enterprise-api', path: `${base}/enterprise-api`, ready: (p) => p.getByRole('heading', { level: 1, name: 'Enterprise API' }) },
    { name: 'assistant', path: `${base}${base ? '/assistant' : '/ai'}`, ready: (p) => p.getByRole('heading', { level: 1, name: 'AI Assistant' }) },
  ];
  // The demo has no record pages: it says so instead.
  if (base === '/demo') return [...shared, { name: 'objects', path: `${base}/objects/contacts`, ready: (p) => p.getByRole('heading', { name: 'Objects are disabled in the demo' }) }];
  await page.goto(`${base}/objects/contacts`);
  const record = await page.getByRole('table').getByRole('link').first().getAttribute('href');
  expect(record).toBeTruthy();
  return [
    ...shared,
    { name: 'objects', path: `${base}/objects/contacts`, ready: (p) => p.getByRole('navigation', { name: 'Pages' }) },
    { name: 'object-record', path: record!, ready: (p) => p.getByRole('region', { name: 'Key fields' }) },
  ];
}

/** Opens each screen at each width and checks its layout; screenshots for review when SHOTS_DIR is set. */
async function checkScreens(page: Page, prefix: string, screens: readonly Screen[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await test.step(`${screen.name} at ${width} px`, async () => {
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
        // Loading placeholders pulse, and say "Loading" to screen readers.
        await expect(page.locator('main .animate-pulse, main [role="status"]:has-text("Loading")')).toHaveCount(0, { timeout: 20_000 });
        if (width === WIDTHS[0]) await shoot(page, `${prefix}-${screen.name}`, WIDTHS);
        await page.setViewportSize({ width, height: 900 });
        await expectCleanLayout(page, `${prefix} ${screen.name}`);
      });
    }
  }
}

test.describe('layout at 1280, 1440 and 390 px', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('the demo: duplicates, a group, its merge plan, history, reports, settings, objects, dashboard, help, API and assistant fit without clipping', async ({ page }) => {
    test.setTimeout(180_000);
    await checkScreens(page, 'demo', await screensOf(page, '/demo'));
  });

  test('signed in after a scan: the same screens, and a record, fit without clipping', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await scannedAccountContext(browser, 'layout');
    const page = await context.newPage();
    await skipTour(page);
    await checkScreens(page, 'app', await screensOf(page, ''));
    await context.close();
  });
});
