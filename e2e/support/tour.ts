import type { Page } from '@playwright/test';

/** The tour opens on a first visit and would sit over the page: tests about the pages skip it. */
export async function skipTour(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('datacleaner.tour.firstVisit', '2025-01-01T00:00:00.000Z'));
}
