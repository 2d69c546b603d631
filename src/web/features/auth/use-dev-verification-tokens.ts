import { useEffect } from 'react';
import { getJson, ReadError } from '../../lib/api-request';

export const DEV_TOKEN_POLL_MS = 10_000;
const DEV_TOKENS_NONE = 'No unverified users found with verification tokens';
const DEV_TOKENS_FAILED = 'Failed to fetch verification tokens for development';

/** One look at GET /api/dev/verification-tokens; the answer goes to the console, never the page. */
async function logDevVerificationTokens(): Promise<void> {
  try {
    const tokens = await getJson<unknown>('/api/dev/verification-tokens');
    console.debug('Verification links for development:', tokens);
  } catch (error) {
    console.debug(error instanceof ReadError && error.status === 404 ? DEV_TOKENS_NONE : DEV_TOKENS_FAILED);
  }
}

/** A development helper (SPEC.md section 7): polls every 10 s, never in production builds. */
export function useDevVerificationTokens(enabled: boolean = !import.meta.env.PROD): void {
  useEffect(() => {
    if (!enabled) return;
    void logDevVerificationTokens();
    const timer = setInterval(() => void logDevVerificationTokens(), DEV_TOKEN_POLL_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
