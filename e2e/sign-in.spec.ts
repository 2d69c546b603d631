import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signOutThroughApi, signUpThroughApi } from './support/accounts';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a wrong password says Login failed; the right one reloads into the dashboard and stores the user id', async ({ page }) => {
  const email = await signUpThroughApi(page, 'login');
  await signOutThroughApi(page);
  await page.goto('/auth');
  await signIn(page, email, 'not-the-password');
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Login failed');
  await expect(toast).toContainText('Invalid email or password');

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('userId'))).toMatch(/^\d+$/);
});

test('an unverified account signs in to the verification screen; Back to Login returns to the form', async ({ page }) => {
  const email = await signUpThroughApi(page, 'unverified', { verified: false });
  await signOutThroughApi(page);
  await page.goto('/auth');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('an incomplete profile signs in to /profile/setup', async ({ page }) => {
  const email = await signUpThroughApi(page, 'profile', { profile: false });
  await signOutThroughApi(page);
  await page.goto('/auth');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
});

test('signing in from a plan goes to that plan; a signed-in user opening /auth is sent on', async ({ page }) => {
  const email = await signUpThroughApi(page, 'plan');
  await signOutThroughApi(page);
  await page.goto('/auth?redirect=subscribe&plan=starter');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/subscribe\?plan=starter$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText('Your choice')).toBeVisible();

  await page.goto('/auth?redirect=subscribe&plan=professional');
  await expect(page).toHaveURL(/\/subscribe\?plan=professional$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout clears the session and the stored user id', async ({ page }) => {
  await signUpThroughApi(page, 'logout');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('userId', '1'));
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText("You've been successfully logged out")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('userId'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});
