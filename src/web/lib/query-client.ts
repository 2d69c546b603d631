import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-request';

const FIVE_MINUTES = 5 * 60_000;

/** Data reads GET the first element of the query key (SPEC.md section 7). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/**
 * SPEC.md section 9: fresh for 5 minutes, dropped 5 minutes after its last user, no refetch
 * on focus, no polling, and no retry here: the request layer already retries network failures.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
