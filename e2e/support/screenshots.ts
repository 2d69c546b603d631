import type { Page } from '@playwright/test';

/** Full-page screenshots at 1280, 1440 and 390 px for review, only when SHOTS_DIR is set; the page is left at 1280. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
