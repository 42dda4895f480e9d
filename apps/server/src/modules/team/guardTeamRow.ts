import type { Capability } from '@keel/domain';
import type { Context } from '../../graphql/context';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { inviteNotFound, memberNotFound } from './teamErrors';
import { findInvite, findMember } from './teamRows';

/** The team module's row guards: see guardEntityRow. */
export async function requireInvite(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findInvite(ctx.db, id), capability, inviteNotFound);
}

export async function requireMember(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findMember(ctx.db, id), capability, memberNotFound);
}
