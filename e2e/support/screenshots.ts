import type { Page } from '@playwright/test';

/**
 * Full-page screenshots for review, only when SHOTS_DIR is set: at 1280, 1440 and 390 px unless
 * other widths are asked for; the page is left at the first width.
 */
export async function shoot(page: Page, name: string, widths: readonly number[] = [1280, 1440, 390]): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: widths[0] ?? 1280, height: 900 });
}
