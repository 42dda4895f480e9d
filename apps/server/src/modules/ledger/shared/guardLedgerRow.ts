import type { Capability } from '@keel/domain';
import { GraphQLError } from 'graphql';
import type { Context } from '../../../graphql/context';
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

/**
 * The tenancy guard for operations that name a row instead of an entity: load the row, then ask
 * `ctx.requireEntity` about the row's entity. A missing row and a row of a company the viewer is not a
 * member of get the same NOT_FOUND answer ('Account not found', ...); a member whose role lacks the
 * capability gets FORBIDDEN.
 */
async function guardRow<T extends { entityId: string }>(
  ctx: Context,
  row: T | null,
  capability: Capability,
  notFound: () => GraphQLError,
): Promise<T> {
  if (!row) throw notFound();
  try {
    await ctx.requireEntity(row.entityId, capability);
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
  return row;
}

export async function requireAccount(ctx: Context, id: string, capability: Capability): Promise<AccountRow> {
  ctx.requireViewer();
  return guardRow(ctx, await findAccount(ctx.db, id), capability, accountNotFound);
}

export async function requireEntry(ctx: Context, id: string, capability: Capability): Promise<TypedEntryRow> {
  ctx.requireViewer();
  return guardRow(ctx, await findEntry(ctx.db, id), capability, entryNotFound);
}

export async function requireForecast(
  ctx: Context,
  id: string,
  capability: Capability,
): Promise<ForecastRow> {
  ctx.requireViewer();
  return guardRow(ctx, await findForecast(ctx.db, id), capability, forecastNotFound);
}

export async function requireRule(ctx: Context, id: string, capability: Capability): Promise<RuleRow> {
  ctx.requireViewer();
  return guardRow(ctx, await findRule(ctx.db, id), capability, ruleNotFound);
}
