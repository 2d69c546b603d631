import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectCleanLayout, WIDTHS } from './support/layout';
import { scannedAccountContext } from './support/scan';
import { openScreen, screensOf, type Screen } from './support/screens';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  return { ...box!, right: box!.x + box!.width, bottom: box!.y + box!.height };
}

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

  test('a group\'s "why they match" rows: one line each where there is room; on a phone the label with its number, the bar below', async ({ page }) => {
    test.setTimeout(120_000);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/demo/duplicates');
      await page.getByRole('list', { name: 'Duplicate groups' }).getByRole('button').first().click();
      const rows = page.getByRole('list', { name: "Each field's contribution" }).getByRole('listitem');
      await expect(rows.first()).toBeVisible({ timeout: 20_000 });
      await rows.first().scrollIntoViewIfNeeded();
      if (width === WIDTHS[0]) await shoot(page, 'why-they-match', WIDTHS);
      await page.setViewportSize({ width, height: 900 });
      const count = await rows.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        const part = (n: number) => boxOf(row.locator(':scope > *').nth(n));
        const [label, bar, weight] = await Promise.all([part(0), part(1), part(2)]);
        const where = `${width} px, row ${i + 1}`;
        // The number sits to the right of its label, within the label's lines.
        expect(weight.x, where).toBeGreaterThanOrEqual(label.right - 1);
        expect(weight.y, where).toBeGreaterThanOrEqual(label.y - 1);
        expect(weight.bottom, where).toBeLessThanOrEqual(label.bottom + 1);
        if (width < 640) {
          // Below them, the bar across the row.
          const line = await boxOf(row);
          expect(bar.y, where).toBeGreaterThanOrEqual(Math.max(label.bottom, weight.bottom) - 1);
          expect(bar.width, where).toBeGreaterThan(line.width * 0.95);
        } else {
          // Between them, level with the label.
          expect(bar.x, where).toBeGreaterThanOrEqual(label.right - 1);
          expect(bar.right, where).toBeLessThanOrEqual(weight.x + 1);
          expect(bar.y + bar.height / 2, where).toBeGreaterThan(label.y);
          expect(bar.y + bar.height / 2, where).toBeLessThan(label.bottom);
        }
      }
    }
  });
});
