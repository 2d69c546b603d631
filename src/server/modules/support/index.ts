/**
 * The support form.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { supportRoutes } from './support-routes';
