import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { RecommendationList, RecommendationStatus } from '../../../shared/contracts/recommendations';
import { getJson, requestJson } from '../../lib/api-request';
import { isDemoMode } from '../../lib/demo-mode';

export const RECOMMENDATIONS_URL = '/api/hubspot/recommendations';

export function recommendationsQueryOptions(demo = false) {
  return queryOptions({ queryKey: demo ? [RECOMMENDATIONS_URL, 'demo'] : [RECOMMENDATIONS_URL], queryFn: () => getJson<RecommendationList>(RECOMMENDATIONS_URL) });
}

/** GET /api/hubspot/recommendations (the demo's in demo mode). */
export function useRecommendations() {
  return useQuery(recommendationsQueryOptions(isDemoMode(useLocation().pathname)));
}

/** Dismiss or mark done: the list drops it at once and is read again. */
export function useSetRecommendationState() {
  const client = useQueryClient();
  const demo = isDemoMode(useLocation().pathname);
  const key = recommendationsQueryOptions(demo).queryKey;
  return useMutation({
    mutationFn: ({ key: recommendation, status }: { key: string; status: RecommendationStatus }) =>
      requestJson(`POST`, `${RECOMMENDATIONS_URL}/${encodeURIComponent(recommendation)}/${status === 'dismissed' ? 'dismiss' : 'done'}`),
    onSuccess: (_answer, { key: recommendation }) => {
      client.setQueryData<RecommendationList>(key, (list) => (list ? { ...list, recommendations: list.recommendations.filter((r) => r.key !== recommendation), hidden: list.hidden + 1 } : list));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
