import type { Capability } from '@keel/domain';
import type { Context } from '../../graphql/context';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { departmentNotFound, employeeNotFound, jobPositionNotFound, jobTitleNotFound } from './hiringErrors';
import { findDepartment, findEmployee, findJobPosition, findJobTitle } from './hiringRows';

/** The hiring module's row guards: see guardEntityRow. */
export async function requireDepartment(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findDepartment(ctx.db, id), capability, departmentNotFound);
}

export async function requireJobTitle(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findJobTitle(ctx.db, id), capability, jobTitleNotFound);
}

export async function requireEmployee(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findEmployee(ctx.db, id), capability, employeeNotFound);
}

export async function requireJobPosition(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findJobPosition(ctx.db, id), capability, jobPositionNotFound);
}
