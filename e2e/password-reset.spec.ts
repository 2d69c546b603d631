import { expect, test } from '@playwright/test';
import { signOutThroughApi, signUpThroughApi } from './support/accounts';
import { emailedLink } from './support/mailbox';

test('forgotten password: request the link, choose a new password, sign in with it', async ({ page }) => {
  const email = await signUpThroughApi(page, 'reset');
  await signOutThroughApi(page);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  await page.goto(await emailedLink(email, 'password-reset', { after: requestedAt }));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByLabel('Confirm Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
