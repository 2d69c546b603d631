import { expect, test } from '@playwright/test';
import type { ObjectRecordView } from '../src/shared/contracts/objects';
import type { DuplicateGroupPage } from '../src/shared/contracts/results';
import { OWNERS } from '../src/synthetic-crm';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { connectAndScan } from './support/scan';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

const ownerName = (id: string) => {
  const owner = OWNERS.find((o) => o.id === id)!;
  return `${owner.firstName} ${owner.lastName}`;
};


test.describe('names, not codes', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test("shows owners, stages and categories by name, the portal by its name, and the raw value on hover", async ({ page }) => {
    test.setTimeout(150_000);
    const errors = watchConsole(page);
    await signUpThroughApi(page, 'names');
    await connectAndScan(page, ['tickets']);

    // A duplicate group of tickets whose records have an owner.
    const groups = (await (await page.request.get('/api/duplicates?objectType=tickets&pageSize=100')).json()) as DuplicateGroupPage;
    const group = groups.groups.find((g) => g.records.every((r) => r.properties.hubspot_owner_id && r.properties.hs_ticket_category))!;
    expect(group).toBeDefined();
    const record = group.records[0]!;
    const ownerId = record.properties.hubspot_owner_id as string;

    // Wide enough for the records side by side in a table (narrower, they stack as cards: below).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/duplicates?group=${group.id}`);
    const table = page.getByRole('table');
    const ownerRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Owner' }) });
    await expect(ownerRow.getByText(ownerName(ownerId)).first()).toBeVisible();
    await expect(ownerRow.getByText(ownerName(ownerId)).first()).toHaveAttribute('title', ownerId);
    await expect(ownerRow).not.toContainText(ownerId);
    const statusRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Ticket status' }) });
    await expect(statusRow).toContainText(/New|Waiting on contact|Waiting on us|Closed/);
    const categoryRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Category/ }) });
    await expect(categoryRow).not.toContainText(/[A-Z]+_[A-Z]+/);
    // On a phone each record is a card: the owner by name there too.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Records compared' });
    const ownerValue = cards.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Owner/ }) }).locator('dd').first();
    await expect(ownerValue).toContainText(ownerName(group.records[0]!.properties.hubspot_owner_id as string));
    await expect(ownerValue).not.toContainText(/^\d+$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'names-duplicates');

    // The record page: the same names.
    const view = (await (await page.request.get(`/api/objects/tickets/${record.id}`)).json()) as ObjectRecordView;
    expect(view.valueLabels.hubspot_owner_id?.[ownerId]).toBe(ownerName(ownerId));
    await page.goto(`/objects/tickets/${record.id}`);
    await expect(page.getByText(ownerName(ownerId)).first()).toBeVisible();
    await expect(page.getByText('Support Pipeline').first()).toBeVisible();
    await shoot(page, 'names-record');

    // Settings names the portal, not HubSpot's app host.
    await page.goto('/settings');
    await expect(page.getByText(/Connected to\s+Portal \d+/)).toBeVisible();
    await expect(page.getByText('app.hubspot.com')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
