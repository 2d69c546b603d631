import { expect, type Page } from '@playwright/test';

/** A signed-in (or demo) screen: where it is, and what shows it has finished loading. */
export interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

/**
 * The duplicates, merge, reports, objects and settings screens under a base path ('' for the
 * app, '/demo' for the demo), with a real group and record found by clicking through, as a user would.
 */
export async function screensOf(page: Page, base: string): Promise<Screen[]> {
  await page.goto(`${base}/duplicates`);
  await page.getByRole('list', { name: 'Duplicate groups' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Records side by side' })).toBeVisible();
  const group = new URL(page.url()).search;
  const shared: Screen[] = [
    { name: 'duplicates', path: `${base}/duplicates`, ready: (p) => p.getByRole('list', { name: 'Duplicate groups' }) },
    { name: 'duplicate-group', path: `${base}/duplicates${group}`, ready: (p) => p.getByRole('heading', { name: 'Records side by side' }) },
    { name: 'merge-plan', path: `${base}/duplicates${group}&merge=1`, ready: (p) => p.getByRole('heading', { name: '3. The merged record' }) },
    { name: 'duplicates-history', path: `${base}/duplicates?view=history`, ready: (p) => p.getByRole('heading', { name: 'History', exact: true }) },
    { name: 'reports', path: `${base}/reports`, ready: (p) => p.getByRole('region', { name: 'Scan history' }).getByRole('table') },
    { name: 'settings', path: `${base}/settings`, ready: (p) => p.getByRole('region', { name: 'Duplicate detection' }) },
    { name: 'dashboard', path: `${base}/dashboard`, ready: (p) => p.getByRole('img', { name: /Health score over the last/ }) },
    { name: 'help', path: `${base}/help`, ready: (p) => p.getByRole('region', { name: 'Frequently asked questions' }) },
    { name: 'enterprise-api', path: `${base}/enterprise-api`, ready: (p) => p.getByRole('heading', { level: 1, name: 'Enterprise API' }) },
    { name: 'assistant', path: `${base}${base ? '/assistant' : '/ai'}`, ready: (p) => p.getByRole('heading', { level: 1, name: 'AI Assistant' }) },
  ];
  // The demo has no record pages: it says so instead.
  if (base === '/demo') return [...shared, { name: 'objects', path: `${base}/objects/contacts`, ready: (p) => p.getByRole('heading', { name: 'Objects are disabled in the demo' }) }];
  await page.goto(`${base}/objects/contacts`);
  const record = await page.getByRole('table').getByRole('link').first().getAttribute('href');
  expect(record).toBeTruthy();
  return [
    ...shared,
    { name: 'objects', path: `${base}/objects/contacts`, ready: (p) => p.getByRole('navigation', { name: 'Pages' }) },
    { name: 'object-record', path: record!, ready: (p) => p.getByRole('region', { name: 'Key fields' }) },
  ];
}


/** Opens a screen and waits until it has loaded: its content shown, no loading placeholder left. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
  // Loading placeholders pulse, and say "Loading" to screen readers.
  await expect(page.locator('main .animate-pulse, main [role="status"]:has-text("Loading")')).toHaveCount(0, { timeout: 20_000 });
}
