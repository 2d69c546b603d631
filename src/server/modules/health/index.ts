/**
 * The health check route.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { healthRoutes } from './health-routes';
