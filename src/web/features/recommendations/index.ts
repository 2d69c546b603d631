/** Recommendations: the dashboard's card and the full list the /ai page shows. */
export { RecommendationList } from './recommendation-list';
export { recommendationsQueryOptions, useRecommendations, useSetRecommendationState } from './use-recommendations';
