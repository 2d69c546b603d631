import { expect, test, type Page } from '@playwright/test';
import { shoot } from './support/screenshots';

/**
 * Cumulative Layout Shift as Chromium reports it (layout-shift entries not caused by input),
 * summed from the first paint: the served, prerendered markup, then the app's own render.
 */
async function watchLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const state = { total: 0 };
    (window as unknown as { layoutShift: typeof state }).layoutShift = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Entries arrive after the frame that shifted: two frames later, every shift so far is counted.
  return () =>
    page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { layoutShift: { total: number } }).layoutShift.total)))),
    );
}

const PAGES = [
  { path: '/blog', heading: 'Blog' },
  { path: '/blog/measuring-crm-health', heading: /health/i },
  { path: '/about-us', heading: 'About Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/subscribe', heading: 'Choose your plan' },
  { path: '/', heading: /A clean HubSpot CRM/ },
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, heading } of PAGES) {
      test(`${path} arrives with its content in place: no layout shift while the app takes over`, async ({ page }) => {
        const layoutShift = await watchLayoutShift(page);
        const response = await page.goto(path);
        // Served with its markup: readable before any script runs.
        expect(await response?.text()).toMatch(/<div id="root"><div/);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Code, the signed-out user check and any page data all in: nothing left to move things.
        await page.waitForLoadState('networkidle');
        // Google counts 0.1 or less as good; a page that replaces 'Loading...' with itself scores over 0.15.
        expect(await layoutShift()).toBeLessThan(0.02);
        if (viewport.width === 1280) await shoot(page, `layout-shift${path.replace(/\W+/g, '-')}`);
      });
    }
  });
}
