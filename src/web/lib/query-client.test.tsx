import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('keeps data fresh 5 minutes, drops it 5 minutes unused, never refetches on focus, polls or retries', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 300_000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(client.getDefaultOptions().mutations).toMatchObject({ retry: false });
  });

  it('reads GET on the first element of the query key, as JSON', async () => {
    const api = fakeApi({ 'GET /api/settings/last-scan': () => json({ healthScore: 91 }) });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/settings/last-scan', { page: 1 }] })).resolves.toEqual({ healthScore: 91 });
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/settings/last-scan']);
  });
});
