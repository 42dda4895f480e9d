import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankLinks } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { type JobContext, JobFailure } from '../../jobs/jobHandler';
import { AggregatorError, type LinkCredential } from '../../providers/aggregators';
import { applyTransactionsPage, BankLinkGone, type PageCounts } from './applyTransactionsPage';
import {
  type BankLinkRow,
  credentialOf,
  findBankLink,
  IMPORT_SOURCES,
  type LinkedAccountRow,
} from './bankLinkRows';
import type { LinkingDeps } from './linkingDeps';
import { reconcileOpeningBalances } from './reconcileOpeningBalances';
import { recordLinkError } from './recordLinkError';
import { upsertLinkedAccounts } from './upsertLinkedAccounts';

export type SyncBankLinkOptions = {
  /** Checked between units of work (the accounts, each page): aborting stops the sync there. */
  signal?: AbortSignal;
  progress?: JobContext['progress'];
  /** Called after each page is written (a job saves it, so its page shows how far it got). */
  checkpoint?: JobContext['checkpoint'];
  /** An earlier attempt's checkpoint; its page count carries on. The link's saved cursor is what resumes. */
  resumeFrom?: unknown;
  /** Changes asked for per page (the provider's default when absent). */
  pageSize?: number;
};

type SyncBankLinkResult = PageCounts & { pages: number };

/** The most pages one sync reads (a provider that never says it is done cannot hold a job for ever). */
const MAX_PAGES = 500;

const pagesOf = (checkpoint: unknown) => {
  const pages = (checkpoint as { pages?: unknown } | null)?.pages;
  return typeof pages === 'number' && Number.isInteger(pages) && pages >= 0 ? pages : 0;
};

/**
 * Brings one bank link's accounts and transactions into Keel: reads its accounts and their
 * balances (upsertLinkedAccounts: a re-link takes over the earlier link's accounts), then its
 * transactions feed from the link's saved cursor, page by page, each page written with the cursor after
 * it in one transaction (applyTransactionsPage), with the accounts' opening balances reconciled so the
 * books' balance of each account equals the provider's. Idempotent: run twice, the second imports
 * nothing; stopped anywhere (its signal aborted, the server gone), run again it goes on from the last
 * page written.
 *
 * A provider's refusal (the login expired, the link gone) is recorded on the link (state 'error' and
 * the error fields the Linked Accounts page shows) and ends the sync with a JobFailure the user can
 * read; reconnecting the link clears it. Anything else (the network) throws as it is, to be retried.
 */
export async function syncBankLink(
  deps: LinkingDeps,
  linkId: string,
  options: SyncBankLinkOptions = {},
): Promise<SyncBankLinkResult> {
  const link = await findBankLink(deps.db, linkId);
  if (!link) throw new JobFailure('This bank link was deleted.', { retry: false });
  const provider = deps.aggregators[link.provider];
  const credential = credentialOf(deps.secrets, link);
  const at = deps.clock.now();
  const result: SyncBankLinkResult = { added: 0, updated: 0, removed: 0, pages: pagesOf(options.resumeFrom) };
  try {
    options.signal?.throwIfAborted();
    await options.progress?.(5, `Reading accounts from ${link.institutionName}`);
    const fetched = await provider.getAccounts(credential, at);
    const accounts = await writeTransaction(deps.db, async (tx) => {
      await lockLink(tx, link.id);
      return upsertLinkedAccounts(tx, deps.clock, link, fetched);
    });
    await options.progress?.(10, `Reading transactions from ${link.institutionName}`);
    await readFeed(deps, { link, credential, accounts, at }, options, result);
    options.signal?.throwIfAborted();
    await writeTransaction(deps.db, async (tx) => {
      await lockLink(tx, link.id);
      await reconcileOpeningBalances(tx, deps.clock, [...accounts.values()], IMPORT_SOURCES[link.provider]);
      await tx
        .update(bankLinks)
        .set({
          state: 'connected',
          errorType: null,
          errorCode: null,
          errorMessage: null,
          displayMessage: null,
          lastSyncedAt: at,
          updatedAt: deps.clock.now(),
        })
        .where(eq(bankLinks.id, link.id));
    });
    return result;
  } catch (error) {
    if (error instanceof BankLinkGone) throw new JobFailure('This bank link was deleted.', { retry: false });
    if (!(error instanceof AggregatorError)) throw error;
    await recordLinkError(deps.db, deps.clock, link.id, error);
    throw new JobFailure(
      error.loginRequired
        ? `${link.institutionName} needs you to sign in again: reconnect it on Linked Accounts.`
        : `${link.institutionName} could not be synced: ${error.displayMessage ?? 'the bank connection service refused it.'}`,
      { retry: false, cause: error },
    );
  }
}

async function lockLink(tx: Tx, linkId: string) {
  const [row] = await tx
    .select({ id: bankLinks.id })
    .from(bankLinks)
    .where(eq(bankLinks.id, linkId))
    .for('update');
  if (!row) throw new BankLinkGone();
}

/** The transactions feed from the link's saved cursor to its end, a page per transaction. */
async function readFeed(
  deps: LinkingDeps,
  input: {
    link: BankLinkRow;
    credential: LinkCredential;
    accounts: ReadonlyMap<string, LinkedAccountRow>;
    at: Date;
  },
  options: SyncBankLinkOptions,
  result: SyncBankLinkResult,
): Promise<void> {
  const provider = deps.aggregators[input.link.provider];
  const source = IMPORT_SOURCES[input.link.provider];
  let cursor = (await findBankLink(deps.db, input.link.id))?.syncCursor ?? null;
  for (let read = 0; read < MAX_PAGES; read++) {
    options.signal?.throwIfAborted();
    const page = await provider.syncTransactions(input.credential, cursor, {
      at: input.at,
      ...(options.pageSize ? { count: options.pageSize } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const written = await writeTransaction(deps.db, async (tx) => {
      const counts = await applyTransactionsPage(tx, deps.clock, { ...input, cursor, page });
      if (counts !== 'stale') {
        await reconcileOpeningBalances(tx, deps.clock, [...input.accounts.values()], source);
      }
      return counts;
    });
    if (written === 'stale') {
      // Another sync of this link wrote that page first: go on from where it got.
      cursor = (await findBankLink(deps.db, input.link.id))?.syncCursor ?? null;
      continue;
    }
    result.added += written.added;
    result.updated += written.updated;
    result.removed += written.removed;
    result.pages += 1;
    const percent = 10 + 85 * (1 - 0.6 ** result.pages);
    await options.checkpoint?.(
      { cursor: page.nextCursor, pages: result.pages },
      { percent, message: `Imported ${result.added} transactions from ${input.link.institutionName}` },
    );
    if (!page.hasMore) return;
    cursor = page.nextCursor;
  }
}
