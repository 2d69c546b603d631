import { vi } from 'vitest';
import type { ClientUser } from '../../shared/contracts/auth';

export type Handler = (request: { body: unknown; init: RequestInit | undefined }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with handlers keyed 'METHOD /path' (the query string ignored). Unknown
 * calls answer 404 like the server; GET /api/user answers 401 unless a handler says otherwise.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: { method: string; url: string; body: unknown; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, init });
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler({ body, init });
    if (method === 'GET' && path === '/api/user') return json({ message: 'Not signed in.', code: 'UNAUTHENTICATED' }, 401);
    return json({ message: `Route ${method}:${path} not found`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.url.split('?')[0] === path) };
}

export function makeUser(overrides: Partial<ClientUser> = {}): ClientUser {
  return {
    id: 7,
    username: 'ada@example.com',
    email: 'ada@example.com',
    emailVerified: true,
    fullName: 'Ada Lovelace',
    countryOfResidence: 'United Kingdom',
    contactPhone: '+44 20 7946 0000',
    displayName: null,
    profilePicture: null,
    isGoogleAccount: false,
    hasPassword: true,
    plan: 'free',
    recordQuota: 10_000,
    hasCompletedOnboarding: false,
    isDemo: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    needsVerification: false,
    needsProfileCompletion: false,
    trialStatus: { isTrialActive: true, daysRemaining: 10, trialEndDate: '2025-01-15T00:00:00.000Z', shouldRedirectToPayment: false },
    ...overrides,
  };
}
