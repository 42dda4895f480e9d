import type { Capability } from '@keel/domain';
import type { Context } from '../../graphql/context';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { subscriptionNotFound } from './billingErrors';
import { findSubscription } from './subscriptionRows';

/** A subscription named by id, if the viewer's role in its company grants the capability (guardEntityRow). */
export async function requireSubscription(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findSubscription(ctx.db, id), capability, subscriptionNotFound);
}
