/**
 * Recommendations: rules over the latest scan results, and what the user did with them.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { recommendationRoutes } from './recommendation-routes';
export { recommendationsFor, usesOnlyItsFigures } from './recommendations';
export type { RecommendationOptions, RecommendationRewrite } from './recommendations';
