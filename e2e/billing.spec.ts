import { expect, test, type Page } from '@playwright/test';
import type { BillingStatus } from '../src/shared/contracts/billing';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { STRIPE_SANDBOX_URL, STRIPE_TEST_CARD } from './support/stripe';
import { skipTour } from './support/tour';

test('an ended trial: sent to the plans, pays for Professional on the Stripe sandbox, comes back with the plan active and daily scans', async ({ page }) => {
  const errors = watchConsole(page);
  await skipTour(page);
  await signUpThroughApi(page, 'billing');
  // Ending a real trial takes 14 days: the app is told so in flight (as in route-guard.spec.ts) until the payment.
  const expired = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const response = await route.fetch();
    const user = await response.json();
    await route.fulfill({ response, json: { ...user, trialStatus: { ...user.trialStatus, isTrialActive: false, daysRemaining: 0, shouldRedirectToPayment: true } } });
  };
  await page.route('**/api/user', expired);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/subscribe\?expiredTrial=true#plans$/);
  await expect(page.getByText('Your free trial has ended')).toBeVisible();

  await page.getByRole('button', { name: 'Choose Professional' }).click();
  await page.waitForURL((url) => url.origin === STRIPE_SANDBOX_URL, { timeout: 20_000 });
  await page.unroute('**/api/user', expired);
  await page.getByLabel('Card number').fill(STRIPE_TEST_CARD);
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await page.waitForURL(/\/subscribe\?checkout=success/, { timeout: 20_000 });
  await expect(page.getByText('Payment received: your Professional plan is active')).toBeVisible({ timeout: 30_000 });
  const status = (await (await page.request.get('/api/billing/status')).json()) as BillingStatus;
  expect(status).toMatchObject({ plan: 'professional', tier: 'professional', subscription: { status: 'active', cancelAtPeriodEnd: false }, paymentFailed: false });

  // Paid: daily scans can be chosen and saved.
  await page.goto('/settings#scanning');
  const scanning = page.getByRole('region', { name: 'Objects and scanning' });
  await scanning.getByRole('radio', { name: /Daily/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  expect(((await (await page.request.get('/api/settings')).json()) as { analysisFrequency: string }).analysisFrequency).toBe('daily');
  await expect(page.getByRole('region', { name: 'Billing' }).getByText('Professional').first()).toBeVisible();
  expect(errors).toEqual([]);
});
