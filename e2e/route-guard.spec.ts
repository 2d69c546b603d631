import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';

test('a signed-out visitor is sent to /auth from every signed-in page', async ({ page }) => {
  for (const path of ['/dashboard', '/settings', '/ai', '/objects/contacts', '/profile/setup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});

test('/login and /register open the matching tab', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
});

test('an unverified user is sent to /auth, an incomplete profile to /profile/setup', async ({ page }) => {
  await signUpThroughApi(page, 'guard-unverified', { verified: false });
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();

  await page.context().clearCookies();
  await signUpThroughApi(page, 'guard-profile', { profile: false });
  await page.goto('/duplicates');
  await expect(page).toHaveURL(/\/profile\/setup$/);
});

test('an expired trial is sent to the plans', async ({ page }) => {
  await signUpThroughApi(page, 'guard-trial');
  // Ending a real trial takes 14 days; the server's answer is changed in flight instead.
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    const user = await response.json();
    await route.fulfill({ response, json: { ...user, trialStatus: { ...user.trialStatus, isTrialActive: false, daysRemaining: 0, shouldRedirectToPayment: true } } });
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/subscribe\?expiredTrial=true#plans$/);
  await expect(page.getByText('Your free trial has ended')).toBeVisible();
  await expect(page.locator('#plans')).toBeInViewport();
});

test('the demo opens without signing in and hides record pages', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/demo\/objects\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Objects are disabled in the demo' })).toBeVisible();
});
