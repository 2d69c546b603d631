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
