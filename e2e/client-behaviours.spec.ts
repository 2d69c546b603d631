import { expect, test } from '@playwright/test';

test('the offline banner comes and goes with the connection', async ({ page, context }) => {
  await page.goto('/demo/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(true);
  const offline = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(offline).toContainText('Check your internet connection. Some features may be unavailable while offline.');
  await expect(offline.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await context.setOffline(false);
  const back = page.getByRole('status').filter({ hasText: 'Back Online' });
  await expect(back).toContainText('Your connection has been restored. All features are now available.');
  await back.getByRole('button', { name: 'Dismiss' }).click();
  await expect(back).toBeHidden();

  await context.setOffline(true);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reload Data' }).click();
  await expect(page.getByText('Back Online')).toBeHidden();
});

test('navigating while offline: the banner sits above the header, a page not yet loaded waits in the app and loads once back online', async ({ page, context }) => {
  await page.goto('/demo/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(true);
  const offline = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(offline).toBeVisible();
  // The banner pushes the header down rather than covering it, also once the page is scrolled.
  for (const scrollY of [0, 600]) {
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
    const banner = (await offline.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(header.y, `the header's top at scroll ${scrollY}`).toBeGreaterThanOrEqual(banner.y + banner.height - 1);
  }

  // Reports' code has not been fetched yet: the app stays, with its menu, and says why the page is not there.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/demo\/reports$/);
  await expect(page.getByText('This page could not load while offline; it will load when you are back online.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Scan history' })).toBeVisible({ timeout: 20_000 });
});

test('a page that fails to render shows the error screen; Reload Demo recovers', async ({ page }) => {
  // The page's code cannot be fetched: the real way a deployed page most often fails to render.
  await page.route('**/assets/dashboard-page-*.js', (route) => route.abort());
  await page.goto('/demo/dashboard');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('The page failed to render. You can reload the demo or go back to the dashboard.')).toBeVisible();
  await expect(page.getByLabel('Error details')).toContainText('dynamically imported module');

  await page.unroute('**/assets/dashboard-page-*.js');
  await page.getByRole('button', { name: 'Reload Demo' }).click();
  await expect(page).toHaveURL(/\/demo\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
