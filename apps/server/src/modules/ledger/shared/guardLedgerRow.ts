import type { Capability } from '@keel/domain';
import type { Context } from '../../../graphql/context';
import { guardEntityRow } from '../../../graphql/guardEntityRow';
import { accountNotFound, entryNotFound, forecastNotFound, ruleNotFound } from './ledgerErrors';
import {
  type AccountRow,
  type ForecastRow,
  findAccount,
  findEntry,
  findForecast,
  findRule,
  type RuleRow,
  type TypedEntryRow,
} from './ledgerRows';

/** The ledger's row guards: see guardEntityRow. */
export async function requireAccount(ctx: Context, id: string, capability: Capability): Promise<AccountRow> {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findAccount(ctx.db, id), capability, accountNotFound);
}

export async function requireEntry(ctx: Context, id: string, capability: Capability): Promise<TypedEntryRow> {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findEntry(ctx.db, id), capability, entryNotFound);
}

export async function requireForecast(
  ctx: Context,
  id: string,
  capability: Capability,
): Promise<ForecastRow> {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findForecast(ctx.db, id), capability, forecastNotFound);
}

export async function requireRule(ctx: Context, id: string, capability: Capability): Promise<RuleRow> {
  ctx.requireViewer();
  return guardEntityRow(ctx, await findRule(ctx.db, id), capability, ruleNotFound);
}
