import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { ClientUser } from '../../../../shared/contracts/auth';
import { getJson, ReadError } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';
import { clearSignedInHint } from '../../../lib/signed-in-hint';

/** SPEC.md section 2: pages look the user up on their own only under these prefixes. */
const USER_LOOKUP_PREFIXES = ['/app', '/demo', '/dashboard', '/settings', '/reports', '/duplicates', '/help', '/ai-assistant', '/enterprise-api', '/objects', '/onboarding', '/profile'] as const;

export function shouldLookUpUser(pathname: string): boolean {
  return USER_LOOKUP_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

const USER_URL = '/api/user';

/** The demo's user (GET /api/demo/user) is cached apart from the signed-in one. */
export function userQueryKey(demo: boolean) {
  return demo ? ([USER_URL, 'demo'] as const) : ([USER_URL] as const);
}

/** GET /api/user: a 401, or any other failure, means nobody is signed in (SPEC.md section 6). */
export async function fetchUser(): Promise<ClientUser | null> {
  try {
    return await getJson<ClientUser>(USER_URL);
  } catch (error) {
    if (error instanceof ReadError && error.status === 401) clearSignedInHint();
    return null;
  }
}

function userQueryOptions(demo = false) {
  return queryOptions({ queryKey: userQueryKey(demo), queryFn: fetchUser });
}

/**
 * The signed-in user. Pages look it up only on the prefixes above; the route guard and
 * /auth pass `always`, because they cannot decide anything without an answer (/ai, for
 * one, is guarded but not on the list).
 */
export function useCurrentUser({ always = false }: { always?: boolean } = {}) {
  const { pathname } = useLocation();
  return useQuery({ ...userQueryOptions(isDemoMode(pathname)), enabled: always || shouldLookUpUser(pathname) });
}

/** The name a greeting uses. */
export function displayNameOf(user: Pick<ClientUser, 'fullName' | 'displayName' | 'username' | 'email'>): string {
  return user.fullName?.trim() || user.displayName?.trim() || user.username || user.email;
}
