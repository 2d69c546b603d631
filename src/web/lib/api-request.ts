import { demoApiUrl, isDemoMode } from './demo-mode';

/** Messages browsers and fetch polyfills give a request that never got an answer. */
const NETWORK_ERROR_MARKERS = ['Failed to fetch', 'NetworkError', 'Network request failed', 'net::ERR'] as const;

const DEFAULT_READ_ERROR_MESSAGE = 'Failed to fetch data';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; it doubles before each further one. */
  delayMs: number;
}

/** SPEC.md section 9: writes and generic requests try 3 times from 1000 ms; reads retry once after 500 ms. */
export const WRITE_RETRY: RetryPolicy = { attempts: 3, delayMs: 1000 };
export const READ_RETRY: RetryPolicy = { attempts: 2, delayMs: 500 };

export function isNetworkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return NETWORK_ERROR_MARKERS.some((marker) => message.includes(marker));
}

/** A non-OK answer; its message is `${status}: ${body or statusText}` (SPEC.md section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's `{ message, code }` (and any other fields), when the body is a JSON object. */
  get data(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

/** The final failure of a data read: message, HTTP status when there was an answer, and the original error. */
export class ReadError extends Error {
  readonly status: number | undefined;
  readonly error: unknown;

  constructor(error: unknown) {
    super(error instanceof Error && error.message ? error.message : DEFAULT_READ_ERROR_MESSAGE);
    this.name = 'ReadError';
    this.status = error instanceof ApiError ? error.status : undefined;
    this.error = error;
  }
}

/** The `message` the server put in an error body, if any. */
export function serverMessage(error: unknown): string | undefined {
  const cause = error instanceof ReadError ? error.error : error;
  const message = cause instanceof ApiError ? cause.data?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : undefined;
}


export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the operation again after network failures only: an answer from the server, even an error, is final. */
export async function withRetry<T>(operation: () => Promise<T>, policy: RetryPolicy, wait: Sleep = sleep): Promise<T> {
  let delay = policy.delayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= policy.attempts || !isNetworkError(error)) throw error;
      await wait(delay);
      delay *= 2;
    }
  }
}

/** The URL to call: the demo's own API while the page is in demo mode. */
export function resolveApiUrl(url: string, method: string, pathname = window.location.pathname): string {
  return isDemoMode(pathname) ? demoApiUrl(url, { write: method.toUpperCase() !== 'GET' }) : url;
}

async function send(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const response = await fetch(resolveApiUrl(url, method), {
    method,
    // Sessions are cookies (SPEC.md section 6), and answers depend on who is signed in.
    credentials: 'include',
    cache: 'no-store',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).trim();
    throw new ApiError(response.status, body, response.statusText);
  }
  return response;
}

/** Any call, writes included: a JSON body when there is a payload; network failures are tried again. */
export function apiRequest(method: string, url: string, data?: unknown, policy: RetryPolicy = WRITE_RETRY): Promise<Response> {
  return withRetry(() => send(method, url, data), policy);
}

/** A call whose answer is JSON. */
export async function requestJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return (await response.json()) as T;
}

/** A data read: GET, parsed as JSON, one retry; the final failure is a ReadError. */
export async function getJson<T>(url: string): Promise<T> {
  try {
    return await withRetry(async () => (await (await send('GET', url)).json()) as T, READ_RETRY);
  } catch (error) {
    throw new ReadError(error);
  }
}
