import { formatCents, PRODUCT_NAME, ROLES, roleCan } from '@keel/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { bankTransfers, entities, memberships, users } from '../../db/schema';
import type { BankPostingMade } from '../../providers/banking';
import type { BankingDeps } from './bankingDeps';
import type { BankTransferRow } from './transferRows';

/**
 * The transfer emails: to the company's owners and the transfer's creator when it is
 * handed to the bank ('sent'), when it posts and when it comes back (with the reason); to the members
 * who may approve it (sendMoney, not its creator) when it waits for a second approver. Sent after the
 * commit of what they tell, never inside a database transaction; an email that fails is not retried
 * and changes nothing (the transfer is what it is). No address is ever logged. Without an email
 * provider in the deps (the demo's seeding) none is sent.
 */

type TransferEmailEvent = 'sent' | 'posted' | 'returned' | 'awaiting_approval';

type Deps = Pick<BankingDeps, 'db' | 'email'>;

const railName = (rail: string) => (rail === 'ach' ? 'ACH' : 'wire');

function subjectOf(event: TransferEmailEvent, transfer: BankTransferRow, company: string): string {
  const what = `${railName(transfer.rail)} of ${formatCents(transfer.amount)} to ${transfer.recipientName}`;
  switch (event) {
    case 'sent':
      return `${company}: your ${what} was sent to the bank`;
    case 'posted':
      return `${company}: your ${what} has posted`;
    case 'returned':
      return `${company}: your ${what} was returned`;
    case 'awaiting_approval':
      return `${company}: a ${what} needs your approval`;
  }
}

function bodyOf(event: TransferEmailEvent, transfer: BankTransferRow, company: string): string {
  const lines = [
    `Amount: ${formatCents(transfer.amount)} by ${railName(transfer.rail)}`,
    `To: ${transfer.recipientName}, account ••${transfer.recipientAccountLast4}`,
    `Send date: ${transfer.sendOn}`,
    `Reference: ${transfer.id}`,
  ];
  const lead = {
    sent: `${PRODUCT_NAME} handed this transfer of ${company} to the bank; it can no longer be canceled.`,
    posted: `This transfer of ${company} has posted: the money left the account.`,
    returned: `This transfer of ${company} came back${transfer.returnReason ? `: ${transfer.returnReason}` : ''}. The money is back in the account.`,
    awaiting_approval: `This transfer of ${company} is above the company's approval amount: it is sent once a second person who may send money approves it. Open Transfers in ${PRODUCT_NAME} to approve or reject it.`,
  }[event];
  return [lead, '', ...lines].join('\n');
}

/** Who gets the email of `event`: lower-cased addresses, each once. */
async function recipientsOf(
  deps: Deps,
  event: TransferEmailEvent,
  transfer: BankTransferRow,
): Promise<string[]> {
  const members = await deps.db
    .select({ userId: memberships.userId, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.entityId, transfer.entityId), inArray(memberships.role, [...ROLES])));
  const chosen =
    event === 'awaiting_approval'
      ? members.filter((m) => roleCan(m.role, 'sendMoney') && m.userId !== transfer.createdBy)
      : members.filter((m) => m.role === 'owner' || m.userId === transfer.createdBy);
  return [...new Set(chosen.map((m) => m.email.toLowerCase()))];
}

/** Sends the email of `event` about the transfer (after the commit that made it so). */
export async function sendTransferEmail(
  deps: Deps,
  transfer: BankTransferRow,
  event: TransferEmailEvent,
): Promise<number> {
  const email = deps.email;
  if (!email) return 0;
  const [company] = await deps.db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, transfer.entityId));
  const name = company?.name ?? PRODUCT_NAME;
  const to = await recipientsOf(deps, event, transfer);
  for (const address of to) {
    await email.send({
      to: address,
      subject: subjectOf(event, transfer, name),
      text: bodyOf(event, transfer, name),
    });
  }
  return to.length;
}

/**
 * The emails of what a settlement booked, once it committed: a transfer's posting ('posted') and its
 * return ('returned'). The caller of the provider's settleDue (bookBankPostings.ts settleDueBanking)
 * passes the postings it made.
 */
export async function sendSettlementEmails(deps: Deps, postings: readonly BankPostingMade[]): Promise<void> {
  if (!deps.email) return;
  for (const posting of postings) {
    if (!posting.transferId || (posting.kind !== 'transfer' && posting.kind !== 'transfer_return')) continue;
    const [transfer] = await deps.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.id, posting.transferId));
    if (!transfer) continue;
    await sendTransferEmail(deps, transfer, posting.kind === 'transfer' ? 'posted' : 'returned');
  }
}
