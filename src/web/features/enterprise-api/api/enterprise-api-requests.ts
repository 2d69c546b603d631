import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { ApiKeyView, ApiRequestPage, ApiUsage, CreatedApiKey } from '../../../../shared/contracts/enterprise-api';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from '../../../../shared/contracts/webhooks';
import { apiRequest, getJson, requestJson } from '../../../lib/api-request';
import { isDemoMode } from '../../../lib/demo-mode';

export const KEYS_URL = '/api/enterprise/keys';
export const USAGE_URL = '/api/enterprise/usage';
export const REQUESTS_URL = '/api/enterprise/requests';
export const WEBHOOKS_URL = '/api/enterprise/webhooks';
export const DELIVERIES_URL = '/api/enterprise/webhooks/deliveries';
export const REQUESTS_PAGE_SIZE = 20;
export const DELIVERIES_PAGE_SIZE = 10;

export type RequestStatusFilter = 'all' | 'success' | 'error';
/** How far back the log is shown; the server keeps 90 days. */
export const REQUEST_TIME_RANGES = [
  { value: 'all', label: 'Any time', ms: 0 },
  { value: 'hour', label: 'Last hour', ms: 3_600_000 },
  { value: 'day', label: 'Last 24 hours', ms: 86_400_000 },
  { value: 'week', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { value: 'month', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;
export type RequestTimeRange = (typeof REQUEST_TIME_RANGES)[number]['value'];

export interface RequestLogFilters {
  status: RequestStatusFilter;
  endpoint: string;
  page: number;
  /** Any time when omitted. */
  range?: RequestTimeRange;
}

/**
 * The query of GET /api/enterprise/requests: only the filters that narrow anything. A time
 * range starts at the minute, so the query (and its cache key) holds still within a minute.
 */
export function requestLogQuery({ status, endpoint, page, range = 'all' }: RequestLogFilters, now = Date.now()): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(REQUESTS_PAGE_SIZE) });
  if (status !== 'all') params.set('status', status);
  if (endpoint.trim()) params.set('endpoint', endpoint.trim());
  const span = REQUEST_TIME_RANGES.find((r) => r.value === range)?.ms ?? 0;
  if (span) params.set('from', new Date(Math.floor((now - span) / 60_000) * 60_000).toISOString());
  return params.toString();
}

/** The demo's answers are cached apart from a signed-in user's, who may open the demo too. */
function useKey(url: string, ...rest: unknown[]) {
  const demo = isDemoMode(useLocation().pathname);
  return demo ? [url, 'demo', ...rest] : [url, ...rest];
}

export function useApiKeys(enabled = true) {
  return useQuery({ queryKey: useKey(KEYS_URL), queryFn: () => getJson<{ keys: ApiKeyView[] }>(KEYS_URL), enabled });
}

export function useApiUsage(enabled = true) {
  return useQuery({ queryKey: useKey(USAGE_URL), queryFn: () => getJson<ApiUsage>(USAGE_URL), enabled });
}

export function useRequestLog(filters: RequestLogFilters, enabled = true) {
  const query = requestLogQuery(filters);
  // The page shown stays while the next one loads.
  return useQuery({ queryKey: useKey(REQUESTS_URL, query), queryFn: () => getJson<ApiRequestPage>(`${REQUESTS_URL}?${query}`), placeholderData: keepPreviousData, enabled });
}

export function useWebhookEndpoints(enabled = true) {
  return useQuery({ queryKey: useKey(WEBHOOKS_URL), queryFn: () => getJson<{ endpoints: WebhookEndpointView[] }>(WEBHOOKS_URL), enabled });
}

export function useWebhookDeliveries(page: number, endpointId: number | null, enabled = true) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DELIVERIES_PAGE_SIZE) });
  if (endpointId !== null) params.set('endpointId', String(endpointId));
  const query = params.toString();
  return useQuery({ queryKey: useKey(DELIVERIES_URL, query), queryFn: () => getJson<WebhookDeliveryPage>(`${DELIVERIES_URL}?${query}`), placeholderData: keepPreviousData, enabled });
}

/** A write whose answer changes the listed data under these URLs. */
function useWrite<A, R>(write: (arg: A) => Promise<R>, ...urls: string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => urls.some((url) => String(query.queryKey[0]).startsWith(url)) }),
  });
}

export const useCreateKey = () => useWrite((name: string) => requestJson<CreatedApiKey>('POST', KEYS_URL, { name }), KEYS_URL);
export const useRotateKey = () => useWrite((id: number) => requestJson<CreatedApiKey>('POST', `${KEYS_URL}/${id}/rotate`), KEYS_URL);
export const useRevokeKey = () => useWrite((id: number) => requestJson<ApiKeyView>('DELETE', `${KEYS_URL}/${id}`), KEYS_URL);

export const useCreateWebhook = () => useWrite((body: CreateWebhookEndpointRequest) => requestJson<WebhookEndpointWithSecret>('POST', WEBHOOKS_URL, body), WEBHOOKS_URL);
export const useUpdateWebhook = () =>
  useWrite(({ id, ...body }: UpdateWebhookEndpointRequest & { id: number }) => requestJson<WebhookEndpointView>('PATCH', `${WEBHOOKS_URL}/${id}`, body), WEBHOOKS_URL);
export const useDeleteWebhook = () => useWrite(async (id: number) => void (await apiRequest('DELETE', `${WEBHOOKS_URL}/${id}`)), WEBHOOKS_URL);
export const useRotateWebhookSecret = () => useWrite((id: number) => requestJson<WebhookEndpointWithSecret>('POST', `${WEBHOOKS_URL}/${id}/rotate-secret`), WEBHOOKS_URL);
export const useTestWebhook = () => useWrite((id: number) => requestJson<{ delivery: WebhookDeliveryView }>('POST', `${WEBHOOKS_URL}/${id}/test`), DELIVERIES_URL);
