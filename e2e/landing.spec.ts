import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Records Content-Security-Policy violations from the first script on, whether or not they reach the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The section is on screen and starts below the sticky header, not under it. */
async function expectScrolledTo(page: Page, id: string) {
  const section = page.locator(`#${id}`);
  await expect(section).toBeInViewport();
  await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
  await expect
    .poll(async () => {
      const headerBottom = (await page.locator('header').first().boundingBox())!.height;
      const top = (await section.boundingBox())!.y;
      return top >= headerBottom - 1 && top < headerBottom + 120;
    }, { message: `#${id} sits just below the header` })
    .toBe(true);
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the page renders every section cleanly: no console errors, no CSP violations, no sideways scroll', async ({ page }) => {
    const errors = watchConsole(page);
    const cspViolations = await watchCsp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A clean HubSpot CRM, with AI-powered data quality');
    for (const name of [
      'Everything your CRM data needs',
      'Clean data, without the clean-up project',
      'Works with the tools you already use',
      'Trusted by the people who own the CRM',
      'Simple pricing that grows with your portal',
      'See what is hiding in your HubSpot data',
    ]) {
      await expect(page.getByRole('region', { name })).toBeAttached();
    }
    await expect(page.getByRole('img', { name: /health score of 86/ })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the header anchors scroll to their sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Testimonials', 'testimonials'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledTo(page, id);
    }
  });

  test('an anchor from another page opens the landing page at its section', async ({ page }) => {
    await page.goto('/about-us');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectScrolledTo(page, 'pricing');
  });

  test('the hero calls to action go to registration and the demo', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: /A clean HubSpot CRM/ });
    await hero.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/');
    await hero.getByRole('link', { name: 'View Demo' }).click();
    await expect(page).toHaveURL(/\/demo$/);
  });

  test('the closing call to action goes to registration', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'See what is hiding in your HubSpot data' }).getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test('a plan button opens registration that remembers the plan, and a signed-in visitor lands on that plan', async ({ page }) => {
    await page.goto('/#pricing');
    const pricing = page.getByRole('region', { name: /Simple pricing/ });
    await expect(pricing.getByText('MOST POPULAR')).toBeVisible();
    await pricing.getByRole('link', { name: 'Start Free Trial, Professional plan' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register&redirect=subscribe&plan=professional$/);
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

    // Signed in, /auth passes the visitor on to the chosen plan (SPEC.md section 4).
    await signUpThroughApi(page, 'landing-plan');
    await page.goto('/#pricing');
    await page.getByRole('link', { name: 'Start Free Trial, Enterprise plan' }).click();
    await expect(page).toHaveURL(/\/subscribe\?plan=enterprise$/);
  });

  test('keyboard focus is visible on the calls to action', async ({ page }) => {
    await page.goto('/');
    const cta = page.getByRole('region', { name: /A clean HubSpot CRM/ }).getByRole('link', { name: 'Start Free Trial' });
    // Tab from the top of the page until the hero's call to action has focus.
    for (let i = 0; i < 20 && !(await cta.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(cta).toBeFocused();
    expect(await cta.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  });
});

for (const width of [360, PHONE.width]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({ viewport: { ...PHONE, width } });

    test('nothing scrolls sideways, and no console errors or CSP violations', async ({ page }) => {
      const errors = watchConsole(page);
      const cspViolations = await watchCsp(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: /A clean HubSpot CRM/ }).getByRole('link', { name: 'Start Free Trial' })).toBeInViewport();
      for (const id of ['features', 'testimonials', 'pricing']) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        await expectNoHorizontalScroll(page);
      }
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('the menu links scroll to the sections and close the menu', async ({ page }) => {
      await page.goto('/');
      for (const [label, id] of [
        ['Pricing', 'pricing'],
        ['Features', 'features'],
      ] as const) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#mobile-menu').getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/#${id}$`));
        await expectScrolledTo(page, id);
        await expect(page.locator('#mobile-menu')).toBeHidden();
      }
    });
  });
}
