import { expect, test, type Page } from '@playwright/test';

/** Collects console errors, CSP violations included, so a test can assert the page ran cleanly. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the landing page loads, styled, with no console errors or CSP violations', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveTitle(/DataCleaner/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('A clean HubSpot CRM');
  await expect(page.getByText('MOST POPULAR')).toBeVisible();
  // Tailwind's stylesheet applied: the plan badge has the brand background, not the default transparent one.
  const badge = await page.getByText('MOST POPULAR').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(badge).not.toBe('rgba(0, 0, 0, 0)');
  expect(errors).toEqual([]);
});

test("an unknown path answers 404 and shows 'Page Not Found' from the client router", async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the page's own 404; nothing else may fail.
  expect(errors.filter((text) => !/status of 404 \(Not Found\)/.test(text))).toEqual([]);
});

test('the API docs are browsable', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('DataCleaner API').first()).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
});

test('the health endpoint is green on embedded PostgreSQL', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', driver: 'pglite' } });
});
