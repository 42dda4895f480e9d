import type { Cents } from '@keel/domain';
import type { LinkProvider } from '../../db/schema';
import type { AggregatorAccountType } from './index';

/**
 * The institutions the aggregator sandboxes simulate. Each account has a role that decides its
 * activity (sandboxHistory.ts): the operating checking account pays the company's bills and receives
 * its payouts, and moves money to the institution's other accounts (savings, the card's payment, the
 * loan's instalments, brokerage contributions), so those movements are transfers between the company's
 * own accounts; a reserve account does only the latter, so its institution earns and spends almost
 * nothing the books count as income (the demo's). `opening` is the account's balance on SANDBOX_EPOCH,
 * as the institution states it (what is owed, for a card or a loan).
 */

/**
 * 'operating': the company's main account, paying its bills and receiving its payouts; 'reserve': a main
 * account that only moves money to and from the institution's other accounts (a treasury account).
 */
export type SandboxAccountRole = 'operating' | 'reserve' | 'savings' | 'card' | 'loan' | 'investment';

export type SandboxAccountSpec = {
  key: string;
  role: SandboxAccountRole;
  name: string;
  officialName: string;
  mask: string;
  type: AggregatorAccountType;
  subtype: string;
  opening: Cents;
  limit: Cents | null;
};

export type SandboxInstitution = {
  id: string;
  name: string;
  provider: LinkProvider;
  accounts: SandboxAccountSpec[];
};

/** The first day the simulated institutions have activity; balances before it are `opening`. */
export const SANDBOX_EPOCH = '2024-01-01';

/** The credentials the sandboxes accept (Plaid's sandbox user); anything else is refused. */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

const checking = (
  name: string,
  officialName: string,
  mask: string,
  opening: Cents,
  role: 'operating' | 'reserve' = 'operating',
): SandboxAccountSpec => ({
  key: 'checking',
  role,
  name,
  officialName,
  mask,
  type: 'depository',
  subtype: 'checking',
  opening,
  limit: null,
});

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  {
    id: 'ins_109508',
    name: 'First Platypus Bank',
    provider: 'plaid',
    accounts: [
      checking('Plaid Checking', 'Plaid Gold Standard 0% Interest Checking', '0000', 84_250_00),
      {
        key: 'savings',
        role: 'savings',
        name: 'Plaid Saving',
        officialName: 'Plaid Silver Standard 0.1% Interest Saving',
        mask: '1111',
        type: 'depository',
        subtype: 'savings',
        opening: 210_000_00,
        limit: null,
      },
      {
        key: 'card',
        role: 'card',
        name: 'Plaid Credit Card',
        officialName: 'Plaid Diamond 12.5% APR Interest Credit Card',
        mask: '3333',
        type: 'credit',
        subtype: 'credit card',
        opening: 0,
        limit: 25_000_00,
      },
    ],
  },
  {
    id: 'ins_109509',
    name: 'First Gingham Credit Union',
    provider: 'plaid',
    accounts: [
      checking('Gingham Business Checking', 'Gingham Business Checking', '4455', 61_800_00),
      {
        key: 'loan',
        role: 'loan',
        name: 'Gingham Equipment Loan',
        officialName: 'Gingham Equipment Term Loan 6.9% APR',
        mask: '7788',
        type: 'loan',
        subtype: 'business',
        opening: 180_000_00,
        limit: null,
      },
    ],
  },
  {
    id: 'ins_109511',
    name: 'Tartan Bank',
    provider: 'plaid',
    accounts: [
      checking('Tartan Checking', 'Tartan Everyday Business Checking', '6611', 47_300_00),
      {
        key: 'brokerage',
        role: 'investment',
        name: 'Tartan Brokerage',
        officialName: 'Tartan Managed Brokerage Account',
        mask: '9902',
        type: 'investment',
        subtype: 'brokerage',
        opening: 150_000_00,
        limit: null,
      },
    ],
  },
  {
    id: 'mk_bramble_bank',
    name: 'Bramble Bank',
    provider: 'moneykit',
    accounts: [
      checking('Bramble Business Checking', 'Bramble Business Checking', '2468', 72_900_00),
      {
        key: 'card',
        role: 'card',
        name: 'Bramble Rewards Card',
        officialName: 'Bramble Business Rewards Visa',
        mask: '1357',
        type: 'credit',
        subtype: 'credit card',
        opening: 0,
        limit: 15_000_00,
      },
    ],
  },
  {
    id: 'ins_109512',
    name: 'Houndstooth Bank',
    provider: 'plaid',
    accounts: [
      checking(
        'Houndstooth Treasury Checking',
        'Houndstooth Treasury Checking',
        '4021',
        900_000_00,
        'reserve',
      ),
      {
        key: 'savings',
        role: 'savings',
        name: 'Houndstooth Reserve Savings',
        officialName: 'Houndstooth Reserve Savings 0.1%',
        mask: '4022',
        type: 'depository',
        subtype: 'savings',
        opening: 120_000_00,
        limit: null,
      },
      {
        key: 'card',
        role: 'card',
        name: 'Houndstooth Business Card',
        officialName: 'Houndstooth Business Visa Signature',
        mask: '4077',
        type: 'credit',
        subtype: 'credit card',
        opening: 0,
        limit: 30_000_00,
      },
    ],
  },
  {
    id: 'mk_juniper_federal',
    name: 'Juniper Federal',
    provider: 'moneykit',
    accounts: [
      checking('Juniper Checking', 'Juniper Advantage Checking', '5020', 600_000_00, 'reserve'),
      {
        key: 'card',
        role: 'card',
        name: 'Juniper Business Card',
        officialName: 'Juniper Business Platinum Mastercard',
        mask: '5088',
        type: 'credit',
        subtype: 'credit card',
        opening: 0,
        limit: 20_000_00,
      },
    ],
  },
];

/** The provider's institution with this id, or null. */
export function findSandboxInstitution(provider: LinkProvider, id: string): SandboxInstitution | null {
  return SANDBOX_INSTITUTIONS.find((row) => row.provider === provider && row.id === id) ?? null;
}
