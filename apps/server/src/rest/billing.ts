import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createContext } from '../graphql/context';
import { requestFactsOf } from '../http/requestFacts';
import { requireSubscription } from '../modules/billing';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { clientOf } from './requestInput';
import { requireRestViewer } from './viewer';

/**
 * GET /api/v1/billing/get_stripe_client_secret/{id} (spec §7): the client secret of a subscription's
 * first payment, for the card form (Stripe Elements). `id` is the StripeSubscription's id. Only those
 * who manage the company's billing (manageEntity); another company's id, an unknown one and a
 * malformed one all answer 404, as the entity guard does. `client_secret` is null once the
 * subscription is paid or over. 501 'Payments are not set up on this server' on a server without them.
 */
export async function registerBillingRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { id: string } }>(
    '/api/v1/billing/get_stripe_client_secret/:id',
    async (request, reply) => {
      const viewer = await requireRestViewer(request, reply, deps);
      if (!viewer) return reply;
      if (isFeatureOff(deps.config, 'payments')) return sendFeatureUnavailable(reply, 'payments');
      const ctx = createContext({
        ...deps,
        viewer,
        client: clientOf(request),
        requestFacts: requestFactsOf(request),
      });
      // A refusal (403 FORBIDDEN, 404 'Subscription not found') answers through the app's error handler.
      const subscription = await requireSubscription(ctx, request.params.id, 'manageEntity');
      return {
        id: subscription.id,
        status: subscription.status,
        client_secret: subscription.status === 'incomplete' ? subscription.clientSecret : null,
        publishable_key: deps.providers.payments.publishableKey,
      };
    },
  );
}
