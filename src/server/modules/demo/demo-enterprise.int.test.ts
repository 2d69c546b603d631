import { describe, expect, it } from 'vitest';
import type { ApiKeyView, ApiRequestPage, ApiUsage } from '../../../shared/contracts/enterprise-api';
import type { WebhookDeliveryPage, WebhookEndpointView } from '../../../shared/contracts/webhooks';
import { useTestApp } from '../../test/test-app';
import { DEMO_READ_ONLY } from './demo-routes';

const ctx = useTestApp({ work: false });

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe("the demo's Enterprise API page", () => {
  it('lists made-up keys by prefix only, never a secret', async () => {
    const { keys } = await get<{ keys: (ApiKeyView & { key?: string })[] }>('/api/demo/enterprise/keys');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.prefix).toMatch(/^dc_live_/);
      expect(key).not.toHaveProperty('key');
    }
  });

  it('answers usage for 30 days with today within the limits', async () => {
    const usage = await get<ApiUsage>('/api/demo/enterprise/usage');
    expect(usage.days).toHaveLength(30);
    expect(usage.today.used).toBe(usage.days.at(-1)!.calls);
    expect(usage.today.used).toBeLessThanOrEqual(usage.today.limit);
    expect(usage.month.used).toBeGreaterThanOrEqual(usage.today.used);
  });

  it('filters and pages the request log as the real one does', async () => {
    const errors = await get<ApiRequestPage>('/api/demo/enterprise/requests?status=error&pageSize=5');
    expect(errors.requests).toHaveLength(5);
    expect(errors.requests.every((r) => r.statusCode >= 400)).toBe(true);
    const second = await get<ApiRequestPage>('/api/demo/enterprise/requests?endpoint=/api/v1/scans&page=2&pageSize=3');
    expect(second.page).toBe(2);
    expect(second.requests.every((r) => r.endpoint.includes('/api/v1/scans'))).toBe(true);
    expect(second.total).toBeGreaterThan(3);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/demo/enterprise/requests?status=maybe' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists webhook endpoints and their deliveries, filtered by endpoint', async () => {
    const { endpoints } = await get<{ endpoints: WebhookEndpointView[] }>('/api/demo/enterprise/webhooks');
    expect(endpoints.length).toBeGreaterThan(0);
    const id = endpoints[0]!.id;
    const page = await get<WebhookDeliveryPage>(`/api/demo/enterprise/webhooks/deliveries?endpointId=${id}`);
    expect(page.deliveries.length).toBeGreaterThan(0);
    expect(page.deliveries.every((d) => d.endpointId === id)).toBe(true);
  });

  it('refuses every write with the words the demo uses', async () => {
    const writes = [
      { method: 'POST', url: '/api/demo/enterprise/keys', payload: { name: 'Mine' } },
      { method: 'POST', url: '/api/demo/enterprise/keys/3/rotate' },
      { method: 'DELETE', url: '/api/demo/enterprise/keys/3' },
      { method: 'POST', url: '/api/demo/enterprise/webhooks', payload: { url: 'https://example.com/h', events: ['scan.completed'] } },
      { method: 'PATCH', url: '/api/demo/enterprise/webhooks/2', payload: { enabled: false } },
      { method: 'DELETE', url: '/api/demo/enterprise/webhooks/2' },
      { method: 'POST', url: '/api/demo/enterprise/webhooks/2/rotate-secret' },
      { method: 'POST', url: '/api/demo/enterprise/webhooks/2/test' },
    ] as const;
    for (const write of writes) {
      const response = await ctx.app.inject(write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'DEMO_READ_ONLY', message: DEMO_READ_ONLY });
    }
  });
});
