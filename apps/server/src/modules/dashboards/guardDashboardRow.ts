import type { Capability } from '@keel/domain';
import type { Context } from '../../graphql/context';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { chartNotFound, dashboardNotFound } from './dashboardErrors';
import { findChart, findDashboard } from './dashboardRows';

/** The dashboards module's row guards: see guardEntityRow. */
export async function requireDashboard(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findDashboard(ctx.db, id), capability, dashboardNotFound);
}

export async function requireChart(ctx: Context, id: string, capability: Capability) {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findChart(ctx.db, id), capability, chartNotFound);
}
