import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';

/** Impacts that fail the check; moderate and minor findings are reported by axe but not gated here. */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is and returns its serious and critical violations, readably. */
async function blockingViolations(page: Page): Promise<string[]> {
  // Playwright evaluates axe's source through the DevTools protocol, so the site's CSP does not block it.
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n')}`);
}

/** A public page, and what shows that it has finished loading (lazy pages first show 'Loading...'). */
const PAGES: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/auth', ready: (page) => page.getByRole('button', { name: 'Sign In' }) },
  { path: '/auth?tab=register', ready: (page) => page.getByRole('button', { name: 'Create Account' }) },
  { path: '/blog', ready: (page) => page.getByRole('heading', { level: 1, name: 'Blog' }) },
  { path: '/blog/how-explainable-duplicate-detection-works', ready: (page) => page.getByRole('heading', { level: 1, name: /explainable duplicate detection/ }) },
  { path: '/blog/no-such-article', ready: (page) => page.getByRole('heading', { level: 1, name: 'Page Not Found' }) },
  { path: '/about-us', ready: (page) => page.getByRole('heading', { level: 1, name: 'About Us' }) },
  { path: '/privacy-policy', ready: (page) => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }) },
  { path: '/terms-of-service', ready: (page) => page.getByRole('heading', { level: 1, name: 'Terms of Service' }) },
  { path: '/cookie-policy', ready: (page) => page.getByRole('heading', { level: 1, name: 'Cookie Policy' }) },
  { path: '/gdpr', ready: (page) => page.getByRole('heading', { name: 'Sign in to download or delete your data' }) },
  { path: '/subscribe', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/demo', ready: (page) => page.getByRole('heading', { name: 'Dashboard' }) },
  { path: '/this/page/does/not/exist', ready: (page) => page.getByRole('heading', { level: 1, name: 'Page Not Found' }) },
];

for (const { path, ready } of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('/gdpr signed in, with the delete dialog open, has no serious or critical accessibility violations', async ({ page }) => {
  await signUpThroughApi(page, 'axe-gdpr');
  await page.goto('/gdpr');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to confirm')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
