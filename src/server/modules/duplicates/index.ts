/**
 * Duplicate groups: decisions on them and what the engine learns from those.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { dismissGroup, userFeedback } from './duplicate-decisions';
export { duplicateRoutes } from './duplicate-routes';
