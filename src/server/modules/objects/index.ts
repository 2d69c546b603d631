/**
 * The mirrored records with their quality flags.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { objectRoutes } from './object-routes';
export { listObjectRecords } from './object-queries';
export { typeQualitySummary } from './type-quality-summary';
