import type { ApiKeyView, ApiRequestPage, ApiUsage } from '../../../shared/contracts/enterprise-api';

export function apiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return { id: 1, name: 'Warehouse sync', prefix: 'dc_live_ab12cd34', createdAt: '2025-03-01T10:00:00.000Z', lastUsedAt: null, revokedAt: null, ...overrides };
}

export function apiUsage(overrides: Partial<ApiUsage> = {}): ApiUsage {
  const days = Array.from({ length: 30 }, (_, i) => ({ day: `2025-03-${String(i + 1).padStart(2, '0')}`, calls: i * 10, errors: i }));
  return { today: { used: 1234, limit: 10_000 }, month: { used: 45_678, limit: 300_000 }, days, ...overrides };
}

export function requestPage(overrides: Partial<ApiRequestPage> = {}): ApiRequestPage {
  return {
    requests: [{ id: 9, method: 'GET', endpoint: '/api/v1/duplicates', statusCode: 200, responseTimeMs: 12, timestamp: '2025-03-30T09:00:00.000Z', errorMessage: null }],
    page: 1,
    pageSize: 20,
    total: 1,
    ...overrides,
  };
}
