import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ObjectRecordPage } from '../src/shared/contracts/objects';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { connectAndScanContacts } from './support/scan';
import { skipTour } from './support/tour';

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('objects', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('browses the scanned contacts: flags with counts, a filter, a record with its duplicates, search, and back', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpThroughApi(page, 'objects');
    await connectAndScanContacts(page);
    const api = (await (await page.request.get('/api/objects/contacts')).json()) as ObjectRecordPage;
    expect(api.counts.all).toBeGreaterThan(300);
    expect(api.counts['possible-duplicate']).toBeGreaterThan(0);

    await page.goto('/objects/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(26);
    const chips = page.getByRole('list', { name: 'Show records with a problem' });
    await expect(chips.getByRole('button', { name: /All records/ })).toContainText(api.counts.all.toLocaleString('en'));
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(`1–25 of ${api.counts.all.toLocaleString('en')}`);
    expect(await blockingViolations(page)).toEqual([]);

    // Only the records in a duplicate group, each marked as such.
    await chips.getByRole('button', { name: /Possible duplicate/ }).click();
    await expect(page).toHaveURL(/\/objects\/contacts\?flag=possible-duplicate$/);
    await expect(chips.getByRole('button', { name: /Possible duplicate/ })).toHaveAttribute('aria-pressed', 'true');
    const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
    await expect(rows.first()).toContainText('Possible duplicate');
    const shown = await rows.count();
    for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText('Possible duplicate');

    // The first one: its problems in words and its group, one click from the duplicates screen.
    const first = rows.first().getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Data quality' })).toContainText('Possibly a duplicate');
    const duplicates = page.getByRole('region', { name: 'Possible duplicates' });
    await expect(duplicates.getByRole('link', { name: 'Review this group' }).first()).toHaveAttribute('href', /^\/duplicates\?group=\d+$/);
    await expect(page.getByRole('region', { name: 'Key fields' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    // Back to the filtered list, as it was left.
    await page.getByRole('link', { name: /All contacts/ }).click();
    await expect(page).toHaveURL(/\/objects\/contacts\?flag=possible-duplicate$/);

    // A search by the last name, kept in the address.
    const lastName = name.split(' ').at(-1)!;
    await page.getByRole('button', { name: /All records/ }).click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(lastName);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(lastName);
    await expect(table.getByRole('link', { name: lastName }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('shows a card per record on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpThroughApi(page, 'objects-phone');
    await connectAndScanContacts(page);
    await page.goto('/objects/contacts');
    const cards = page.getByRole('list', { name: 'Contacts' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
