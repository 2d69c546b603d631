import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUser } from '../features/auth/api/current-user';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { ApiError, READ_RETRY, ReadError, WRITE_RETRY, apiRequest, getJson, isNetworkError, requestJson, resolveApiUrl, withRetry } from './api-request';

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

describe('apiRequest', () => {
  it('sends cookies, disables caching and sends JSON only when there is a payload', async () => {
    const api = fakeApi({ 'POST /api/login': () => json({ ok: true }), 'GET /api/settings': () => json({}) });
    await apiRequest('POST', '/api/login', { username: 'a@b.co', password: 'secret' });
    await apiRequest('GET', '/api/settings');
    const [write, read] = api.calls;
    expect(write?.init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store', headers: { 'Content-Type': 'application/json' } });
    expect(write?.body).toEqual({ username: 'a@b.co', password: 'secret' });
    expect(read?.init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store', headers: {}, body: undefined });
  });

  it("turns a non-OK answer into an Error reading '<status>: <body>'", async () => {
    fakeApi({ 'POST /api/login': () => new Response('{"message":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }) });
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).data).toEqual({ message: 'Invalid email or password' });
  });

  it('uses the status text when the body is empty', async () => {
    fakeApi({ 'DELETE /api/thing': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    await expect(apiRequest('DELETE', '/api/thing')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('tries a write 3 times after network failures, waiting 1000 ms then 2000 ms', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(networkFailure);
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('POST', '/api/logout').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await result).toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('succeeds when a later try gets through', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockImplementationOnce(networkFailure).mockImplementationOnce(() => Promise.resolve(json({ done: true })));
    vi.stubGlobal('fetch', fetchMock);
    const result = requestJson('POST', '/api/register', {});
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ done: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fails at once on an error that is not a network failure', async () => {
    const api = fakeApi({ 'POST /api/register': () => json({ message: 'taken' }, 409) });
    await expect(apiRequest('POST', '/api/register', {})).rejects.toThrow('409: {"message":"taken"}');
    expect(api.calls).toHaveLength(1);
  });
});

describe('withRetry', () => {
  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Network request failed', 'net::ERR_CONNECTION_REFUSED'])('retries "%s"', async (message) => {
    expect(isNetworkError(new TypeError(message))).toBe(true);
    const waits: number[] = [];
    const operation = vi.fn(() => Promise.reject(new Error(message)));
    await expect(withRetry(operation, { attempts: 4, delayMs: 100 }, async (ms) => void waits.push(ms))).rejects.toThrow(message);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('keeps the policies of SPEC.md section 9', () => {
    expect(WRITE_RETRY).toEqual({ attempts: 3, delayMs: 1000 });
    expect(READ_RETRY).toEqual({ attempts: 2, delayMs: 500 });
  });
});

describe('getJson (data reads)', () => {
  it('retries once after 500 ms, then fails with message, status and the original error', async () => {
    vi.useFakeTimers();
    const failure = new TypeError('Failed to fetch');
    const fetchMock = vi.fn(() => Promise.reject(failure));
    vi.stubGlobal('fetch', fetchMock);
    const result = getJson('/api/settings').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const error = (await result) as ReadError;
    expect(error).toBeInstanceOf(ReadError);
    expect(error).toMatchObject({ message: 'Failed to fetch', status: undefined, error: failure });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("carries the HTTP status, and says 'Failed to fetch data' when the error has no message", async () => {
    fakeApi({ 'GET /api/settings': () => json({ message: 'nope' }, 500) });
    await expect(getJson('/api/settings')).rejects.toMatchObject({ status: 500, message: '500: {"message":"nope"}' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error(''))));
    await expect(getJson('/api/settings')).rejects.toMatchObject({ message: 'Failed to fetch data', status: undefined });
  });
});

describe('GET /api/user', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is null on 401, not an error', async () => {
    fakeApi();
    await expect(fetchUser()).resolves.toBeNull();
  });

  it('is null when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(networkFailure));
    const user = fetchUser();
    await vi.advanceTimersByTimeAsync(500);
    await expect(user).resolves.toBeNull();
  });

  it('is the user when signed in', async () => {
    const ada = makeUser();
    fakeApi({ 'GET /api/user': () => json(ada) });
    await expect(fetchUser()).resolves.toEqual(ada);
  });
});

describe('resolveApiUrl', () => {
  it('rewrites to the demo API only on pages under /demo', () => {
    expect(resolveApiUrl('/api/user', 'GET', '/dashboard')).toBe('/api/user');
    expect(resolveApiUrl('/api/user', 'GET', '/demo/dashboard')).toBe('/api/demo/user');
    expect(resolveApiUrl('/api/ai/chat', 'POST', '/demo/assistant')).toBe('/api/demo/ai/chat');
    expect(resolveApiUrl('/api/ai/chat', 'GET', '/demo/assistant')).toBe('/api/ai/chat');
  });
});
