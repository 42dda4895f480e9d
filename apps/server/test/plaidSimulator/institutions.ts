import { AccountSubtype, AccountType } from 'plaid';
import { newPlaidId, type SimAccount, type SimTransaction } from './state';

// The simulated institutions, their accounts, and the history each new item starts with.

type AccountPlan = Omit<SimAccount, 'accountId' | 'postedCents'> & { openingCents: number; key: string };

export type SimInstitution = { institutionId: string; name: string; accounts: AccountPlan[] };

/** Plaid's sandbox institutions' ids and accounts (checking, savings, a card); the history is ours. */
const INSTITUTIONS: SimInstitution[] = [
  {
    institutionId: 'ins_109508',
    name: 'First Platypus Bank',
    accounts: [
      {
        key: 'checking',
        name: 'Plaid Checking',
        officialName: 'Plaid Gold Standard 0% Interest Checking',
        mask: '0000',
        type: AccountType.Depository,
        subtype: AccountSubtype.Checking,
        limitCents: null,
        openingCents: 1_204_517,
      },
      {
        key: 'savings',
        name: 'Plaid Saving',
        officialName: 'Plaid Silver Standard 0.1% Interest Saving',
        mask: '1111',
        type: AccountType.Depository,
        subtype: AccountSubtype.Savings,
        limitCents: null,
        openingCents: 21_000_000,
      },
      {
        key: 'card',
        name: 'Plaid Credit Card',
        officialName: 'Plaid Diamond 12.5% APR Interest Credit Card',
        mask: '3333',
        type: AccountType.Credit,
        subtype: AccountSubtype.CreditCard,
        limitCents: 2_000_000,
        openingCents: -41_012,
      },
    ],
  },
  {
    institutionId: 'ins_109509',
    name: 'First Gingham Credit Union',
    accounts: [
      {
        key: 'checking',
        name: 'Gingham Checking',
        officialName: null,
        mask: '4040',
        type: AccountType.Depository,
        subtype: AccountSubtype.Checking,
        limitCents: null,
        openingCents: 350_000,
      },
      {
        key: 'card',
        name: 'Gingham Card',
        officialName: null,
        mask: '5050',
        type: AccountType.Credit,
        subtype: AccountSubtype.CreditCard,
        limitCents: 500_000,
        openingCents: 0,
      },
    ],
  },
];

export const findInstitution = (institutionId: string) =>
  INSTITUTIONS.find((institution) => institution.institutionId === institutionId) ?? null;

/** Card purchases, in cents; 435 and 115 are amounts whose dollars times 100 is not an integer in floats. */
const PURCHASES: [string, string, number][] = [
  ['Blue Bottle Coffee', 'FOOD_AND_DRINK', 435],
  ['Uber', 'TRANSPORTATION', 2_368],
  ['Sweetgreen', 'FOOD_AND_DRINK', 1_620],
  ['AWS', 'GENERAL_SERVICES', 18_219],
  ['Staples', 'GENERAL_MERCHANDISE', 115],
  ['Delta Air Lines', 'TRAVEL', 41_390],
  ['Zoom', 'GENERAL_SERVICES', 1_999],
];

const HISTORY_DAYS = 90;
/** Transactions of the last PENDING_DAYS days are pending when the item is made. */
const PENDING_DAYS = 2;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Draft = Omit<SimTransaction, 'transactionId' | 'accountId' | 'pending' | 'pendingTransactionId'> & {
  key: string;
};

/**
 * An item's accounts and its history of HISTORY_DAYS days to `today`: card purchases most days, payroll
 * every other Friday, a monthly transfer to savings and card payment (both legs), savings interest.
 * The last PENDING_DAYS days are pending. The same `seed` gives the same history.
 */
export function openItemAccounts(
  institution: SimInstitution,
  today: string,
  seed: number,
): { accounts: SimAccount[]; transactions: SimTransaction[] } {
  const accounts = institution.accounts.map(({ key: _key, openingCents, ...plan }) => ({
    ...plan,
    accountId: newPlaidId(),
    postedCents: openingCents,
  }));
  const idOf = new Map(
    institution.accounts.map((plan, index) => [plan.key, accounts[index]?.accountId ?? '']),
  );
  const drafts: Draft[] = [];
  const add = (key: string, date: string, name: string, category: string, amountCents: number) => {
    if (idOf.has(key))
      drafts.push({ key, date, authorizedDate: date, name, merchantName: null, category, amountCents });
  };
  for (let back = HISTORY_DAYS; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
    const purchase = PURCHASES[(back * 3 + seed) % PURCHASES.length];
    if (purchase && (back + seed) % 4 !== 3) {
      const [name, category, amount] = purchase;
      drafts.push({
        key: 'card',
        date,
        authorizedDate: date,
        name,
        merchantName: name,
        category,
        amountCents: amount,
      });
    }
    if (weekday === 5 && Math.floor(back / 7) % 2 === 0)
      add('checking', date, 'Gusto Payroll', 'INCOME', -250_000);
    if (date.endsWith('-03')) {
      add('checking', date, 'Transfer to Plaid Saving', 'TRANSFER_OUT', 50_000);
      add('savings', date, 'Transfer from Plaid Checking', 'TRANSFER_IN', -50_000);
    }
    if (date.endsWith('-15')) {
      add('checking', date, 'Credit card payment', 'LOAN_PAYMENTS', 60_000);
      add('card', date, 'Payment - Thank You', 'LOAN_PAYMENTS', -60_000);
    }
    if (date.endsWith('-28')) add('savings', date, 'Interest earned', 'INCOME', -1_747);
    if (back === 0) add('checking', date, 'Shell', 'TRANSPORTATION', 4_113);
  }
  const pendingFrom = addDays(today, 1 - PENDING_DAYS);
  const transactions = drafts
    .filter((draft) => idOf.has(draft.key))
    .map(({ key, ...draft }) => ({
      ...draft,
      transactionId: newPlaidId(),
      accountId: idOf.get(key) ?? '',
      pending: draft.date >= pendingFrom,
      pendingTransactionId: null,
    }));
  for (const transaction of transactions) {
    const account = accounts.find((candidate) => candidate.accountId === transaction.accountId);
    if (account && !transaction.pending) account.postedCents -= transaction.amountCents;
  }
  return { accounts, transactions };
}
