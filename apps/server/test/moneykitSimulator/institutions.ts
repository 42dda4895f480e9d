import { type MkAccount, type MkAccountType, type MkTransaction, newMkId } from './state';

// The simulated institutions, their accounts, and the history each new link starts with.

type AccountPlan = {
  key: string;
  name: string;
  accountType: MkAccountType;
  mask: string;
  limitCents: number | null;
  openingCents: number;
};

type MkInstitution = { institutionId: string; name: string; accounts: AccountPlan[] };

const INSTITUTIONS: MkInstitution[] = [
  {
    institutionId: 'mk_bramble_bank',
    name: 'Bramble Bank',
    accounts: [
      {
        key: 'checking',
        name: 'Bramble Business Checking',
        accountType: 'depository.checking',
        mask: '6789',
        limitCents: null,
        openingCents: 2_315_060,
      },
      {
        key: 'savings',
        name: 'Bramble Reserve',
        accountType: 'depository.savings',
        mask: '6790',
        limitCents: null,
        openingCents: 5_000_000,
      },
      {
        key: 'card',
        name: 'Bramble Rewards Card',
        accountType: 'credit_card',
        mask: '4421',
        limitCents: 1_500_000,
        openingCents: -128_843,
      },
    ],
  },
  {
    institutionId: 'mk_juniper_federal',
    name: 'Juniper Federal',
    accounts: [
      {
        key: 'checking',
        name: 'Juniper Checking',
        accountType: 'depository.checking',
        mask: '1200',
        limitCents: null,
        openingCents: 800_000,
      },
      {
        key: 'loan',
        name: 'Juniper Equipment Loan',
        accountType: 'loan.general',
        mask: '1299',
        limitCents: null,
        openingCents: -4_500_000,
      },
    ],
  },
];

export const findInstitution = (id: string) => INSTITUTIONS.find((row) => row.institutionId === id) ?? null;

/** Card purchases, in cents (0.29, 4.35 and 1.15 are not integers in floats times 100). */
const PURCHASES: [string, string, string, number][] = [
  ['Figma', 'FIGMA.COM SAN FRANCISCO CA', 'software', 1_500],
  ['Lyft', 'LYFT *RIDE SUN 4PM', 'transportation.rideshare', 2_741],
  ['Philz Coffee', 'PHILZ COFFEE #18', 'food_and_drinks.coffee', 435],
  ['Office Depot', 'OFFICE DEPOT #1102', 'shopping.office_supplies', 115],
  ['Google Cloud', 'GOOGLE *CLOUD', 'software', 31_472],
  ['Stripe fee', 'STRIPE FEE', 'fees', 29],
];

const HISTORY_DAYS = 90;
/** Transactions of the last PENDING_DAYS days are pending when the link is made. */
const PENDING_DAYS = 2;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A link's accounts and its history of HISTORY_DAYS days to `today`: card purchases most days, a
 * customer's payment every Tuesday, a monthly card payment (both legs), a loan payment, and interest.
 * The last PENDING_DAYS days are pending. The same `seed` gives the same history.
 */
export function openLinkAccounts(
  institution: MkInstitution,
  today: string,
  seed: number,
): { accounts: MkAccount[]; transactions: MkTransaction[] } {
  const ids = new Map(institution.accounts.map((plan) => [plan.key, newMkId('acc')]));
  const accounts: MkAccount[] = institution.accounts.map(({ key, openingCents, ...plan }) => ({
    ...plan,
    accountId: ids.get(key) ?? '',
    postedCents: openingCents,
  }));
  const transactions: MkTransaction[] = [];
  const pendingFrom = addDays(today, 1 - PENDING_DAYS);
  const add = (
    key: string,
    date: string,
    text: [string, string, string],
    amountCents: number,
    type: 'credit' | 'debit',
  ) => {
    const accountId = ids.get(key);
    if (!accountId) return;
    const [description, rawDescription, category] = text;
    transactions.push({
      transactionId: newMkId('txn'),
      accountId,
      amountCents,
      type,
      date,
      description,
      rawDescription,
      category,
      pending: date >= pendingFrom,
    });
  };
  for (let back = HISTORY_DAYS; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
    const purchase = PURCHASES[(back * 5 + seed) % PURCHASES.length];
    if (purchase && (back + seed) % 3 !== 2)
      add('card', date, [purchase[0], purchase[1], purchase[2]], purchase[3], 'debit');
    if (weekday === 2)
      add('checking', date, ['Acme Corp', 'ACH CREDIT ACME CORP INV', 'income'], 412_550, 'credit');
    if (date.endsWith('-10')) {
      if (ids.has('card')) {
        add('checking', date, ['Card Payment', 'ONLINE PMT REWARDS CARD', 'transfer'], 90_000, 'debit');
        add('card', date, ['Payment received', 'PAYMENT RECEIVED THANK YOU', 'transfer'], 90_000, 'credit');
      }
      if (ids.has('loan')) {
        add('checking', date, ['Loan Payment', 'LOAN PMT EQUIPMENT', 'loan_payment'], 150_000, 'debit');
        add('loan', date, ['Loan payment', 'PAYMENT', 'loan_payment'], 150_000, 'credit');
      }
    }
    if (date.endsWith('-28'))
      add('savings', date, ['Interest', 'INTEREST PAID', 'income.interest'], 3_288, 'credit');
    if (back === 0) add('checking', date, ['Gusto', 'GUSTO PAYROLL 8812', 'payroll'], 1_804_417, 'debit');
  }
  for (const transaction of transactions) {
    const account = accounts.find((candidate) => candidate.accountId === transaction.accountId);
    if (account && !transaction.pending) account.postedCents += intoAccount(transaction);
  }
  return { accounts, transactions };
}

/** The transaction's amount signed as money into its account. */
export const intoAccount = (transaction: MkTransaction) =>
  transaction.type === 'credit' ? transaction.amountCents : -transaction.amountCents;
