/**
 * The billing module's public entry (issue 15 item 4, the Pro Plan): its GraphQL fields (registered
 * on import) and the services the REST route and the demo use.
 */
import './billingQueries';
import './billingMutations';

export { startSubscription } from './startSubscription';
export { findSubscription } from './subscriptionRows';
