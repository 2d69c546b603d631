import { expect, test, type Page } from '@playwright/test';
import { expectCleanLayout, WIDTHS } from './support/layout';
import { scannedAccountContext } from './support/scan';
import { openScreen, screensOf, type Screen } from './support/screens';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

/** Opens each screen at each width and checks its layout; screenshots for review when SHOTS_DIR is set. */
async function checkScreens(page: Page, prefix: string, screens: readonly Screen[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await test.step(`${screen.name} at ${width} px`, async () => {
        await openScreen(page, screen);
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

  test('on a phone, the merge plan has one way back (to its group), and the group one way back to the list', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/demo/duplicates');
    await page.getByRole('list', { name: 'Duplicate groups' }).getByRole('button').first().click();
    await expect(page.getByRole('button', { name: /^← Back/ })).toHaveText(['← Back to groups']);
    await page.getByRole('button', { name: 'Merge…' }).click();
    await expect(page.getByRole('heading', { name: '3. The merged record' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^← Back/ })).toHaveText(['← Back to the group']);
  });
});
