import { expect, test, type Page } from '@playwright/test';

/**
 * Holds back a page's code (its lazy chunk) until the browser has asked for `dataPath`, and
 * says whether that happened. Without a prefetch the data is asked for only once the code has
 * run, so the hold ends at its deadline instead and the answer is false.
 */
async function holdCodeUntilDataAsked(page: Page, chunk: RegExp, dataPath: string): Promise<() => boolean | undefined> {
  let asked!: () => void;
  const dataAsked = new Promise<boolean>((resolve) => (asked = () => resolve(true)));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === dataPath) asked();
  });
  let heldUntilAsked: boolean | undefined;
  await page.route(chunk, async (route) => {
    heldUntilAsked = await Promise.race([dataAsked, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
    await route.continue();
  });
  return () => heldUntilAsked;
}

test('a demo page asks for its data alongside its code, on arrival and when navigated to', async ({ page }) => {
  test.setTimeout(90_000);
  const reportsHeld = await holdCodeUntilDataAsked(page, /\/assets\/reports-page-[\w-]+\.js$/, '/api/demo/hubspot/results');
  await page.goto('/demo/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 45_000 });
  expect(reportsHeld(), 'the results were asked for while the page code was held').toBe(true);

  // The recommendations are the dashboard's alone: the reports page did not ask for them.
  const dashboardHeld = await holdCodeUntilDataAsked(page, /\/assets\/dashboard-page-[\w-]+\.js$/, '/api/demo/hubspot/recommendations');
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/demo\/dashboard$/);
  await expect(page.getByRole('article', { name: 'Contacts' })).toBeVisible({ timeout: 45_000 });
  expect(dashboardHeld(), 'the recommendations were asked for while the page code was held').toBe(true);
});
