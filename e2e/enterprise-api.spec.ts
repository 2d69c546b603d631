import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

test.describe('/enterprise-api', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('creates a key shown once, lists it by prefix, and its calls reach the log', async ({ page }) => {
    await signUpThroughApi(page, 'api-keys');
    await page.goto('/enterprise-api');
    await expect(page.getByRole('heading', { level: 1, name: 'Enterprise API' })).toBeVisible();

    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Key name').fill('Warehouse sync');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const secret = (await keys.getByLabel('Secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^dc_live_/);
    await expect(keys.getByText(/will not be shown again/)).toBeVisible();

    const list = keys.getByRole('list', { name: 'Your API keys' });
    await expect(list.getByText('Warehouse sync')).toBeVisible();
    await expect(list.getByText(secret)).toHaveCount(0);

    // A few calls with the key, one of them refused, for the usage and the log.
    for (const path of ['/api/v1/scans', '/api/v1/scans', '/api/v1/no-such-thing']) {
      await page.request.get(path, { headers: { authorization: `Bearer ${secret}` } });
    }
    await keys.getByRole('button', { name: 'I have stored it' }).click();
    await expect(keys.getByLabel('Secret')).toHaveCount(0);
    await expect
      .poll(async () => ((await (await page.request.get('/api/enterprise/requests')).json()) as { total: number }).total, { message: 'the calls to be logged', timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Request log' }).getByText('/api/v1/scans').first()).toBeVisible();
    await shoot(page, 's7-enterprise-api');
  });

  test('the demo shows made-up keys and refuses writes', async ({ page }) => {
    await page.goto('/demo/enterprise-api');
    const keys = page.getByRole('region', { name: 'API keys' });
    await expect(keys.getByText('Warehouse sync')).toBeVisible({ timeout: 20_000 });
    await shoot(page, 's7-demo-enterprise-api');
    await keys.getByLabel('Key name').fill('Mine');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect(keys.getByRole('alert')).toContainText('This is the demo, so nothing here can be changed.');
  });
});
