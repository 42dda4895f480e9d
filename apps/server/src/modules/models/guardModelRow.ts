import type { Capability } from '@keel/domain';
import { GraphQLError } from 'graphql';
import type { Context } from '../../graphql/context';
import { modelNotFound, outputNotFound, variableNotFound } from './modelErrors';
import { findModel, findOutput, findVariable } from './modelRows';

/**
 * The tenancy guard for operations that name a model row: a missing row and another company's row
 * get the same NOT_FOUND answer; a member whose role lacks the capability gets FORBIDDEN.
 */
async function guardRow<T extends { entityId: string }>(
  ctx: Context,
  row: T | null,
  capability: Capability,
  notFound: () => GraphQLError,
): Promise<T> {
  ctx.requireViewer();
  if (!row) throw notFound();
  try {
    await ctx.requireEntity(row.entityId, capability);
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
  return row;
}

export const requireModel = async (ctx: Context, id: string, capability: Capability) =>
  guardRow(ctx, await findModel(ctx.db, id), capability, modelNotFound);
export const requireVariable = async (ctx: Context, id: string, capability: Capability) =>
  guardRow(ctx, await findVariable(ctx.db, id), capability, variableNotFound);
export const requireOutput = async (ctx: Context, id: string, capability: Capability) =>
  guardRow(ctx, await findOutput(ctx.db, id), capability, outputNotFound);
