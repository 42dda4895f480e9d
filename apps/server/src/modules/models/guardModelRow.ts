import type { Capability } from '@keel/domain';
import type { Context } from '../../graphql/context';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { modelNotFound, outputNotFound, variableNotFound } from './modelErrors';
import { findModel, findOutput, findVariable } from './modelRows';

/** The models module's row guards: see guardEntityRow. */
export async function requireModel(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findModel(ctx.db, id), capability, modelNotFound);
}

export async function requireVariable(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findVariable(ctx.db, id), capability, variableNotFound);
}

export async function requireOutput(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findOutput(ctx.db, id), capability, outputNotFound);
}
