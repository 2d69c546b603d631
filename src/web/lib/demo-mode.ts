import { BUILD_FLAGS } from './app-flags';

export const DEMO_BASE_PATH = '/demo';

/** SPEC.md section 1: demo mode whenever the path starts with /demo, or when the build forces it. */
export function isDemoMode(pathname: string, forceDemo = BUILD_FLAGS.forceDemo): boolean {
  return forceDemo || pathname.startsWith(DEMO_BASE_PATH);
}

/**
 * SPEC.md section 7 lists paths that map to /api/demo/... one by one (/api/settings,
 * /api/hubspot/status, /api/user, ...); every one of them also falls under these
 * prefixes, which get /demo/ inserted after /api/ as well.
 */
const DEMO_PREFIXES = ['/api/objects/', '/api/duplicates/', '/api/cleanup/', '/api/assistant/', '/api/enterprise/', '/api/hubspot/', '/api/settings', '/api/user'];
/** The assistant's write calls live under /api/ai/ too. */
const DEMO_WRITE_PREFIXES = [...DEMO_PREFIXES, '/api/ai/'];

/** The demo's counterpart of an API URL; URLs without one (sign-in, health, ...) stay as they are. */
export function demoApiUrl(url: string, { write }: { write: boolean }): string {
  const queryStart = url.search(/[?#]/);
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const prefixes = write ? DEMO_WRITE_PREFIXES : DEMO_PREFIXES;
  if (!prefixes.some((prefix) => path.startsWith(prefix))) return url;
  return `/api/demo/${url.slice('/api/'.length)}`;
}
