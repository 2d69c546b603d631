import type { Page } from '@playwright/test';

/** Collects console errors and uncaught page errors, so a test can assert the page ran cleanly. */
export function watchConsole(page: Page, { ignore = [] }: { ignore?: RegExp[] } = {}): string[] {
  const errors: string[] = [];
  const keep = (text: string) => !ignore.some((pattern) => pattern.test(text));
  page.on('console', (message) => {
    if (message.type() === 'error' && keep(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (keep(error.message)) errors.push(error.message);
  });
  return errors;
}
