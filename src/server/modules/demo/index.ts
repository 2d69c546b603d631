/**
 * The public demo: its account, built from the synthetic CRM, and its read-only routes.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { DemoAccount } from './demo-account';
export type { DemoOptions } from './demo-account';
export { generateDemoPortal } from './demo-portal';
export { demoRoutes } from './demo-routes';
