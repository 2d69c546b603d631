import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';
import { shoot } from './support/screenshots';

/** The tour card and the element its step points at (or the page's heading) do not overlap on screen. */
async function expectBeside(page: Page, card: Locator, target: string | Locator): Promise<void> {
  const cardBox = await card.boundingBox();
  const targetBox = await (typeof target === 'string' ? page.locator(`[data-tour="${target}"]`).first() : target).boundingBox();
  expect(cardBox).not.toBeNull();
  expect(targetBox).not.toBeNull();
  const a = cardBox!;
  const b = targetBox!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `the card ${JSON.stringify(a)} covers ${String(target)} ${JSON.stringify(b)}`).toBe(false);
}

test('a new account sees no tour before its first scan', async ({ page }) => {
  await signUpThroughApi(page, 'tour-new');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up in three steps' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('with scan results the tour starts on the first visit, sits beside what it points at, and once finished stays finished; the Tour button reopens it', async ({ page }) => {
  await page.goto('/demo/dashboard');
  const tour = page.getByRole('dialog', { name: 'Your CRM health at a glance' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Step 1 of 5');
  await expectBeside(page, tour, 'nav-dashboard');
  // Nor does it hide where the user is.
  await expectBeside(page, tour, page.getByRole('heading', { level: 1 }));
  await shoot(page, 'tour-step-1');

  await tour.getByRole('button', { name: 'Next' }).click();
  const second = page.getByRole('dialog', { name: 'Duplicates, with reasons' });
  await expect(second).toContainText('Step 2 of 5');
  await expectBeside(page, second, 'nav-duplicates');
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Your CRM health at a glance' })).toBeVisible();
  for (let step = 1; step < 5; step++) await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await expectBeside(page, page.getByRole('dialog', { name: 'Come back any time' }), 'tour-button');
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

test('on a phone the tour card sits at the bottom, clear of the heading, and beside the Tour button on its last step', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/dashboard');
  const tour = page.getByRole('dialog', { name: 'Your CRM health at a glance' });
  await expect(tour).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  const card = (await tour.boundingBox())!;
  expect(card.y).toBeGreaterThan(heading.y + heading.height);
  for (let step = 1; step < 5; step++) await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await expectBeside(page, page.getByRole('dialog', { name: 'Come back any time' }), 'tour-button');
});
