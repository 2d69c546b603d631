import { expect, test, type Page } from '@playwright/test';
import type { DuplicateGroupPage } from '../src/shared/contracts/results';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { emailedLink } from './support/mailbox';
import { SANDBOX_TOKEN } from './support/sandbox';
import { shoot } from './support/screenshots';

/** Every pending contact group's members, as sorted id lists, read with the page's session. */
async function pendingContactGroups(page: Page): Promise<string[][]> {
  const groups: string[][] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const response = await page.request.get(`/api/duplicates/groups?objectType=contacts&status=pending&pageSize=100&page=${pageNumber}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as DuplicateGroupPage;
    groups.push(...body.groups.map((g) => g.records.map((r) => r.id).sort()));
    if (pageNumber * body.pageSize >= body.total) return groups;
  }
}

test('a new user: register, verify, profile, connect the sandbox portal, scan, dismiss a duplicate, and it stays gone after the next scan', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');

  await page.goto('/auth?tab=register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();

  await page.goto(await emailedLink(email, 'verification'));
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Country of residence').fill('United States');
  await page.getByLabel('Contact phone').fill('+1 555 010 0100');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // The set-up comes next, not the dashboard, and no tour before there is a scan to show.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Connect your HubSpot portal' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shoot(page, 'onboarding-after-profile');
  await page.getByLabel('Private app access token').fill(SANDBOX_TOKEN);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Choose what to scan' })).toBeVisible();
  for (const type of ['Companies', 'Deals', 'Tickets']) await page.getByRole('checkbox', { name: new RegExp(type) }).uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start the scan' }).click();
  await expect(page.getByRole('progressbar', { name: 'Scan progress' }).or(page.getByRole('heading', { name: 'Your first scan is done' }))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your first scan is done' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('article', { name: 'Contacts' })).toBeVisible();
  // With the first results on screen the tour begins.
  await expect(page.getByRole('dialog', { name: 'Your CRM health at a glance' })).toBeVisible();
  await shoot(page, 'dashboard-tour-after-first-scan');
  await page.getByRole('dialog').getByRole('button', { name: 'Skip tour' }).click();

  await page.getByRole('link', { name: 'Duplicates', exact: true }).first().click();
  const list = page.getByRole('list', { name: 'Duplicate groups' });
  await list.getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /contacts that look like the same contact/ })).toBeVisible();
  await expect(page.getByRole('list', { name: "Each field's contribution" })).toBeVisible();
  const groupId = new URL(page.url()).searchParams.get('group');
  const opened = (await (await page.request.get(`/api/duplicates/${groupId}`)).json()) as DuplicateGroupPage['groups'][number];
  const members = opened.records.map((r) => r.id).sort();
  expect(await pendingContactGroups(page)).toContainEqual(members);

  await page.getByRole('button', { name: 'Not a duplicate', exact: true }).click();
  await expect(page.getByText('Marked as not a duplicate')).toBeVisible();
  expect(await pendingContactGroups(page)).not.toContainEqual(members);

  // The next scan finds the same records again, and remembers the decision.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(page.getByText('Scan complete')).toBeVisible({ timeout: 90_000 });
  const after = await pendingContactGroups(page);
  expect(after.length).toBeGreaterThan(0);
  expect(after.some((ids) => members.every((id) => ids.includes(id)))).toBe(false);
});
