/**
 * Billing with Stripe: plan status, Checkout, the Customer Portal and the webhook that sets paid
 * plans. This is what other modules may use: the rest of the folder is its own.
 */
export { billingRoutes } from './billing-routes';
export { cancelSubscriptionOfDeletedAccount } from './cancel-subscription';
export { stripeFor } from './stripe-client';
