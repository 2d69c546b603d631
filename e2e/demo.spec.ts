import { expect, test } from '@playwright/test';
import type { HealthResults } from '../src/shared/contracts/results';
import { watchConsole } from './support/console';

test('the demo dashboard shows the demo portal\u2019s real scores and its weekly trend, without signing in', async ({ page }) => {
  const errors = watchConsole(page);
  const results = (await (await page.request.get('/api/demo/hubspot/results')).json()) as HealthResults;
  expect(results.objects.length).toBe(4);
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const contacts = results.objects.find((o) => o.objectType === 'contacts')!;
  const card = page.getByRole('article', { name: 'Contacts' });
  await expect(card).toContainText(String(Math.round(contacts.healthScore)));
  await expect(card).toContainText(contacts.totalRecords.toLocaleString('en'));
  await expect(page.getByRole('button', { name: 'Scan now' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('in the demo, a duplicate group explains itself, a dismissal is shown but not kept, and a merge can be previewed but not run', async ({ page }) => {
  await page.goto('/demo/duplicates');
  const list = page.getByRole('list', { name: 'Duplicate groups' });
  await list.getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /that look like the same/ })).toBeVisible();
  await expect(page.getByRole('list', { name: "Each field's contribution" }).getByRole('listitem').first()).toBeVisible();
  const groupId = new URL(page.url()).searchParams.get('group');

  await page.getByRole('button', { name: 'Not a duplicate', exact: true }).click();
  await expect(page.getByText('This is the demo, so nothing was saved.')).toBeVisible();
  const stored = await (await page.request.get(`/api/demo/duplicates/${groupId}`)).json();
  expect(stored.status).toBe('pending');

  await page.goto(`/demo/duplicates?group=${groupId}`);
  await page.getByRole('button', { name: 'Merge…' }).click();
  await expect(page.getByRole('heading', { name: '3. The merged record' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I understand that HubSpot cannot undo a merge.' }).check();
  await page.getByRole('button', { name: /^Merge \d+ records? into / }).click();
  await expect(page.getByText('This is the demo, so nothing here can be changed.', { exact: false })).toBeVisible();

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'History of record actions' }).getByText('Demo Team').first()).toBeVisible();
});

test('the demo hides record pages', async ({ page }) => {
  for (const path of ['/demo/objects/contacts', '/demo/objects/companies/123']) {
    await page.goto(path);
    await expect(page.getByText(/disabled in (the )?demo/i).first()).toBeVisible();
  }
});
