/**
 * The billing module's public entry (the Pro Plan): its GraphQL fields (registered
 * on import) and the services the REST route and the demo use.
 */
import './billingQueries';
import './billingMutations';

export { requireSubscription } from './guardSubscriptionRow';
export { startSubscription } from './startSubscription';
