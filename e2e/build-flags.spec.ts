import { expect, test } from '@playwright/test';
import { FORCED_DEMO_URL, INTEREST_ONLY_URL } from './support/flag-builds';
import { watchConsole } from './support/console';

test.describe('a build with VITE_INTEREST_ONLY=true', () => {
  test.use({ baseURL: INTEREST_ONLY_URL });

  test("says 'Register Interest' everywhere, hides Login, and sends /login to the Register tab", async ({ page }) => {
    // The sign-in page asks who is signed in; the 401 that answers is expected.
    const errors = watchConsole(page, { ignore: [/status of 401/] });
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByRole('link', { name: 'Register Interest' })).toHaveAttribute('href', '/auth?tab=register');
    await expect(header.getByRole('link', { name: 'Login / Register' })).toHaveCount(0);
    await expect(page.getByText(/Start Free Trial|Get Started/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Register Interest/ }).first()).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByRole('heading', { name: 'Register Interest' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('a build with VITE_FORCE_DEMO=true', () => {
  test.use({ baseURL: FORCED_DEMO_URL });

  test('shows the demo without signing in, reading the demo API, wherever the app is opened', async ({ page }) => {
    const demoCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) demoCalls.push(path);
    });
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/demo\/settings$/);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Contacts' })).toBeVisible();
    await expect(page.getByText('You are exploring the demo with sample data.', { exact: false })).toBeVisible();
    expect(demoCalls.length).toBeGreaterThan(0);
    expect(demoCalls.filter((path) => !path.startsWith('/api/demo/'))).toEqual([]);
  });
});
