import { builder } from '../../graphql/builder';
import { ProviderBankAccountRef } from './bankingTypes';
import type { DepositAccountView } from './depositAccounts';

/**
 * When the account's figures were last brought up to date with the bank (the BankMirror job), and why
 * the last attempt since failed: the banking pages read what the last mirror stored and say so.
 */
builder.objectFields(ProviderBankAccountRef, (t) => ({
  mirroredAt: t.field({
    type: 'DateTime',
    nullable: true,
    description:
      'When the BankMirror job last brought the account up to date with the bank: its balances, transfers, interest and documents are as of then. Null until the first run (within a minute of opening).',
    resolve: (account: DepositAccountView) => account.mirroredAt,
  }),
  mirrorError: t.string({
    nullable: true,
    description:
      'Why the last attempt to update the account from the bank failed (a short sentence, e.g. "The bank is unavailable."), while it keeps failing: the figures are as of mirroredAt. Null when the last attempt succeeded.',
    resolve: (account: DepositAccountView) => account.mirrorError,
  }),
}));
