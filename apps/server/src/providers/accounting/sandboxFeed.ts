import type { Cents } from '@keel/domain';
import {
  AccountingError,
  type QuickbooksAccount,
  type QuickbooksTransaction,
  type QuickbooksTransactionsPage,
  TRANSACTIONS_PAGE_DEFAULT,
  TRANSACTIONS_PAGE_MAX,
} from './index';
import { generateSandboxActivity, type SandboxTransaction } from './sandboxActivity';
import { SANDBOX_CHART, type SandboxCompany } from './sandboxCompanies';
import { daysBetween } from './sandboxDays';

/**
 * What a sandbox company file shows on a day: its accounts with their balances, and its transactions
 * as QuickBooks' query and change data capture would list them. Everything is 'as of' a day: a
 * transaction exists from its date, shows its correction from the day it was corrected, and is gone
 * from the day it was deleted (then a change listing reports it deleted).
 *
 * Cursors (opaque to Keel): 'qbo1:all:<day>:<offset>' lists the history as of <day>;
 * 'qbo1:since:<day>' is a finished listing, and asks for the changes after <day> up to the day asked;
 * 'qbo1:since:<from>:<to>:<offset>' is such a listing mid-way. A listing keeps the day it began with,
 * so its pages never shift under the client; once done, it says whether later days have changes.
 */

/** A file's history is generated at most this far past its start (a cursor cannot ask for more). */
const MAX_HISTORY_DAYS = 5 * 366;
const CACHE_SIZE = 8;

type Cursor =
  | { kind: 'all'; to: string; offset: number }
  | { kind: 'since'; from: string; to: string | null; offset: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | undefined): value is string =>
  value !== undefined && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00.000Z`));
const isOffset = (value: string | undefined) => value !== undefined && /^\d{1,7}$/.test(value);

export function parseSandboxCursor(cursor: string | null): Cursor | null {
  if (cursor === null) return { kind: 'all', to: '', offset: 0 };
  const [version, kind, ...rest] = cursor.split(':');
  if (version !== 'qbo1') return null;
  if (kind === 'all' && rest.length === 2 && isDay(rest[0]) && isOffset(rest[1])) {
    return { kind, to: rest[0], offset: Number(rest[1]) };
  }
  if (kind === 'since' && rest.length === 1 && isDay(rest[0])) {
    return { kind, from: rest[0], to: null, offset: 0 };
  }
  if (kind === 'since' && rest.length === 3 && isDay(rest[0]) && isDay(rest[1]) && isOffset(rest[2])) {
    return { kind, from: rest[0], to: rest[1], offset: Number(rest[2]) };
  }
  return null;
}

const formatCursor = (cursor: Cursor) =>
  cursor.kind === 'all'
    ? `qbo1:all:${cursor.to}:${cursor.offset}`
    : cursor.to === null
      ? `qbo1:since:${cursor.from}`
      : `qbo1:since:${cursor.from}:${cursor.to}:${cursor.offset}`;

const invalidCursor = () =>
  new AccountingError({ code: 'InvalidCursor', message: 'The listing cursor is not one this file gave' });

const cache = new Map<string, readonly SandboxTransaction[]>();

/** The file's history up to `through`, generated once per (file, start, day) in a small cache. */
function historyOf(company: SandboxCompany, historyStart: string, through: string) {
  if (daysBetween(historyStart, through) > MAX_HISTORY_DAYS) throw invalidCursor();
  if (through < historyStart) return [];
  const key = `${company.realmId}|${historyStart}|${through}`;
  let history = cache.get(key);
  if (!history) {
    history = generateSandboxActivity(company, historyStart, through);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, history);
  }
  return history;
}

const exists = (row: SandboxTransaction, day: string) =>
  row.date <= day && (row.deletedOn === null || row.deletedOn > day);

const versionOn = (row: SandboxTransaction, day: string) =>
  row.edit && row.edit.day <= day ? row.edit : row.original;

/** The last day on or before `day` anything happened to it. */
function lastChange(row: SandboxTransaction, day: string): string {
  let last = row.date;
  if (row.edit && row.edit.day <= day && row.edit.day > last) last = row.edit.day;
  if (row.deletedOn && row.deletedOn <= day && row.deletedOn > last) last = row.deletedOn;
  return last;
}

function toTransaction(row: SandboxTransaction, day: string): QuickbooksTransaction {
  const deleted = !exists(row, day);
  const version = versionOn(row, day);
  return {
    id: row.id,
    entityType: row.entityType,
    txnDate: row.date,
    docNumber: row.docNumber,
    name: row.name,
    privateNote: version.privateNote,
    lines: deleted ? [] : version.lines.map((line) => ({ ...line })),
    syncToken: row.edit && row.edit.day <= day ? '1' : '0',
    deleted,
    lastUpdated: new Date(`${lastChange(row, day)}T15:00:00.000Z`),
  };
}

/** The file's accounts as of `day`, each balance the sum of its lines (QuickBooks' sign: owed positive). */
export function sandboxAccountsOn(
  company: SandboxCompany,
  historyStart: string,
  day: string,
): QuickbooksAccount[] {
  const totals = new Map<string, Cents>();
  for (const row of historyOf(company, historyStart, day)) {
    if (!exists(row, day)) continue;
    for (const line of versionOn(row, day).lines) {
      totals.set(line.accountId, (totals.get(line.accountId) ?? 0) + line.amount);
    }
  }
  const age = daysBetween(historyStart, day);
  const idOf = new Map(SANDBOX_CHART.map((spec) => [spec.key, spec.id]));
  return SANDBOX_CHART.filter((spec) => (spec.fromDay ?? 0) <= age).map((spec) => {
    const renamed = spec.renamed && spec.renamed.day <= age ? spec.renamed : null;
    const debits = totals.get(spec.id) ?? 0;
    const balanceSheet = ['Asset', 'Liability', 'Equity'].includes(spec.classification);
    return {
      id: spec.id,
      name: renamed?.name ?? spec.name,
      accountType: spec.accountType,
      accountSubType: spec.accountSubType,
      classification: spec.classification,
      currentBalance: !balanceSheet ? 0 : spec.classification === 'Asset' ? debits : -debits,
      active: true,
      parentId: spec.parent ? (idOf.get(spec.parent) ?? null) : null,
      syncToken: renamed ? '1' : '0',
    };
  });
}

/** One page of a listing, from `cursor` (null: the whole history as of `today`). */
export function sandboxTransactionsPage(
  company: SandboxCompany,
  historyStart: string,
  input: { cursor: string | null; pageSize?: number; today: string },
): QuickbooksTransactionsPage {
  const parsed = parseSandboxCursor(input.cursor);
  if (!parsed) throw invalidCursor();
  const size = Math.min(
    Math.max(Math.trunc(input.pageSize ?? TRANSACTIONS_PAGE_DEFAULT), 1),
    TRANSACTIONS_PAGE_MAX,
  );
  const cursor: Cursor =
    input.cursor === null
      ? { kind: 'all', to: input.today, offset: 0 }
      : parsed.kind === 'since' && parsed.to === null
        ? {
            kind: 'since',
            from: parsed.from,
            to: [input.today, parsed.from].sort().at(-1) ?? input.today,
            offset: 0,
          }
        : parsed;
  const to = cursor.to ?? input.today;
  const history = historyOf(company, historyStart, to);
  const listed =
    cursor.kind === 'all'
      ? history.filter((row) => exists(row, to))
      : history
          .filter((row) => lastChange(row, to) > cursor.from && row.date <= to)
          .sort((a, b) => lastChange(a, to).localeCompare(lastChange(b, to)) || a.index - b.index);
  if (cursor.offset > listed.length) throw invalidCursor();
  const end = Math.min(listed.length, cursor.offset + size);
  const more = end < listed.length;
  return {
    transactions: listed.slice(cursor.offset, end).map((row) => toTransaction(row, to)),
    nextCursor: formatCursor(
      more ? { ...cursor, to, offset: end } : { kind: 'since', from: to, to: null, offset: 0 },
    ),
    hasMore: more || to < input.today,
    total: listed.length,
    offset: cursor.offset,
  };
}
