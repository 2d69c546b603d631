import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { emailedLink } from './support/mailbox';

test('register, wait out the resend cooldown, follow the emailed link, complete the profile, reach the set-up on /onboarding', async ({ page }) => {
  // The page's timers run on a fake clock, so the 30 s cooldown passes in no time.
  await page.clock.install();
  const email = uniqueEmail('register');
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText(/expires in 24 hours/)).toBeVisible();
  // The email just went out, so the cooldown runs from the start.
  await expect(page.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
  await page.clock.runFor(1000);
  await expect(page.getByRole('button', { name: 'Resend Available in 29s' })).toBeDisabled();
  await page.clock.runFor(29_000);
  const resend = page.getByRole('button', { name: 'Resend Verification Email' });
  await expect(resend).toBeEnabled();

  // Only seconds have passed on the server's clock: it refuses, and the error dialog explains.
  await resend.click();
  const dialog = page.getByRole('alertdialog', { name: 'Verification Error' });
  await expect(dialog).toContainText("Couldn't send your verification email");
  await expect(dialog).toContainText(/Please wait \d+ seconds before requesting another email\. If this issue continues, please contact support\./);
  await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');

  // Retry once the server would accept (answered here, as the real cooldown takes 30 real seconds).
  await page.route('**/api/auth/send-verification', (route) =>
    route.fulfill({ json: { code: 'EMAIL_SENT', message: 'Please check your inbox to verify your email address', retryAfterSeconds: 30 } }),
  );
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await page.unroute('**/api/auth/send-verification');

  await page.goto(await emailedLink(email, 'verification'));
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Country of residence').fill('United Kingdom');
  await page.getByLabel('Contact phone').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // No HubSpot yet: the set-up comes next.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome to DataCleaner' })).toBeVisible();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
});
