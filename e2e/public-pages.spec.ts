import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { shoot } from './support/screenshots';

const LEGAL_PAGES = [
  ['/about-us', 'About Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/gdpr', 'GDPR'],
] as const;

test('the blog lists its articles newest first and opens one, styled, from the list', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  const dates = await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(items.first()).toContainText(/\d+ min read/);

  const title = (await items.first().getByRole('heading', { level: 2 }).textContent())!;
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${title} – DataCleaner blog`);
  await expect(page.getByText(/\d+ min read/)).toBeVisible();

  // The hand-written typography applies: section headings are larger than body text, lists have bullets.
  const article = page.getByRole('article');
  const sizes = await article.evaluate((element) => ({
    h2: parseFloat(getComputedStyle(element.querySelector('h2:not([class])')!).fontSize),
    p: parseFloat(getComputedStyle(element.querySelector('p:not([class])')!).fontSize),
    bullets: getComputedStyle(element.querySelector('ul:not([class])')!).listStyleType,
  }));
  expect(sizes.h2).toBeGreaterThan(sizes.p);
  expect(sizes.bullets).toBe('disc');

  await page.getByRole('link', { name: '← All articles' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(errors).toEqual([]);
});

test("an unknown article answers 404 and shows 'Page Not Found', as any unknown address does", async ({ page }) => {
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found – DataCleaner');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the information and legal pages load, dated, from the footer', async ({ page }) => {
  // /gdpr asks who is signed in; for a visitor GET /api/user answers 401, which the browser logs.
  const errors = watchConsole(page, { ignore: [/status of 401 \(Unauthorized\)/] });
  await page.goto('/');
  for (const [path, title] of LEGAL_PAGES) {
    await page.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Last updated: November 25, 2026')).toBeVisible();
    await expect(page).toHaveTitle(`${title} – DataCleaner`);
  }
  expect(errors).toEqual([]);
});

test("a policy's table of contents jumps to its section", async ({ page }) => {
  await page.goto('/privacy-policy');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: 'How long we keep it' }).click();
  await expect(page).toHaveURL(/\/privacy-policy#retention$/);
  await expect(page.getByRole('heading', { level: 2, name: /How long we keep it/ })).toBeInViewport();

  // A link from elsewhere lands on its section too, though the page's code arrives after the first paint.
  await page.goto('/cookie-policy#local-storage');
  await expect(page.getByRole('heading', { level: 2, name: /What we keep in local storage/ })).toBeInViewport();
});

test('anonymous visitors to /gdpr are told to sign in to use the data controls', async ({ page }) => {
  await page.goto('/gdpr');
  await expect(page.getByRole('heading', { name: 'Sign in to download or delete your data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my data' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("'Download my data' saves a JSON file holding the user's email", async ({ page }) => {
  const email = await signUpThroughApi(page, 'gdpr-export');
  await page.goto('/gdpr');
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^datacleaner-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { email: string; password?: unknown } };
  expect(exported.account.email).toBe(email);
  // Secrets are never part of an export.
  expect(exported.account).not.toHaveProperty('password');
  await expect(page.getByText('Data export ready')).toBeVisible();
});

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test("'Delete my account' checks the password, deletes the account and signs out; signing in again fails", async ({ page }) => {
  const email = await signUpThroughApi(page, 'gdpr-delete');
  await page.goto('/gdpr');
  await page.evaluate(() => {
    window.localStorage.setItem('userId', '1');
    window.localStorage.setItem('datacleaner.tour', 'done');
  });

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();

  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted')).toBeVisible();
  expect(await page.evaluate(() => [window.localStorage.getItem('userId'), window.localStorage.getItem('datacleaner.tour')])).toEqual([null, null]);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await signIn(page, email);
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Login failed');
  await expect(toast).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/auth$/);
});

test('public pages show the signed-in header: the served landing page already does before its script runs, and signing out brings Login / Register back', async ({ page, browser }) => {
  await signUpThroughApi(page, 'public-signed-in');
  const header = page.getByRole('navigation', { name: 'Main' });
  for (const path of ['/', '/blog', '/subscribe', '/about-us']) {
    await page.goto(path);
    await expect(header.getByRole('link', { name: 'Go to dashboard' }), path).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login / Register' }), path).toHaveCount(0);
  }
  await shoot(page, 'landing-signed-in');

  // The HTML as served, without the app's script: what shows in the moment before it runs.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const served = await noScript.newPage();
  await served.goto('/');
  await expect(served.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
  await expect(served.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login / Register' })).toBeHidden();
  await noScript.close();

  await header.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Go to dashboard' })).toHaveCount(0);
});
