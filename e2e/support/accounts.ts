import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { emailedLink } from './mailbox';

export const PASSWORD = 'correct-horse-7';

let count = 0;
/** An address no other test (or earlier run against the same server) uses. */
export function uniqueEmail(tag: string): string {
  count += 1;
  return `${tag}-${Date.now().toString(36)}-${count}@example.com`;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

export interface AccountOptions {
  verified?: boolean;
  profile?: boolean;
}

/**
 * An account made through the API with the page's cookies, so the browser is signed in
 * as it; verified and with a complete profile unless told otherwise.
 */
export async function signUpThroughApi(page: Page, tag: string, { verified = true, profile = true }: AccountOptions = {}): Promise<string> {
  const email = uniqueEmail(tag);
  // Each API sign-up comes from an address of its own (the test server trusts the proxy
  // header), so the many accounts the tests make stay under the per-address limits on
  // registering and on verification links (a hundred-odd browser tests sign up).
  const headers = { 'x-forwarded-for': `198.18.${count % 250}.${1 + (Date.now() % 250)}` };
  await ok(await page.request.post('/api/register', { data: { email, password: PASSWORD }, headers }));
  // Registration signs nobody in: the emailed link does, or a sign-in (an unverified account gets a session too).
  if (verified) {
    const link = await emailedLink(email, 'verification');
    const token = new URL(link, 'http://site.invalid').searchParams.get('token');
    await ok(await page.request.post('/api/auth/verify', { data: { token }, headers }));
  } else {
    await ok(await page.request.post('/api/login', { data: { username: email, password: PASSWORD }, headers }));
  }
  if (verified && profile) {
    await ok(await page.request.put('/api/profile', { data: { fullName: 'Grace Hopper', countryOfResidence: 'United States', contactPhone: '+1 555 010 0100' } }));
  }
  return email;
}

export async function signOutThroughApi(page: Page): Promise<void> {
  await ok(await page.request.post('/api/logout'));
}
