import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';

test('the tour starts on the first visit, walks the app, and once finished stays finished; the Tour button reopens it', async ({ page }) => {
  await signUpThroughApi(page, 'tour');
  await page.goto('/dashboard');
  const tour = page.getByRole('dialog', { name: 'Your CRM health at a glance' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Step 1 of 5');

  await tour.getByRole('button', { name: 'Next' }).click();
  const second = page.getByRole('dialog', { name: 'Duplicates, with reasons' });
  await expect(second).toContainText('Step 2 of 5');
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Your CRM health at a glance' })).toBeVisible();
  for (let step = 1; step < 5; step++) await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('datacleaner.tour.completed'))).toBe('["main"]');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Tour' }).click();
  await expect(page.getByRole('dialog', { name: 'Your CRM health at a glance' })).toContainText('Step 1 of 5');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
