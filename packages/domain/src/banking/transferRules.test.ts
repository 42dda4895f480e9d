import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  achTransferFormSchema,
  canChangeTransferStatus,
  checkDailyLimit,
  countsTowardDailyLimit,
  latestTransferDate,
  TRANSFER_MESSAGES as M,
  TRANSFER_STATUSES,
  transferAmountInputSchema,
  transferCentsSchema,
  transferIdempotencyKeySchema,
  vendorFormSchema,
  wireTransferFormSchema,
} from './transferRules';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
const messageAt = (
  result: { error?: { issues: { message: string; path: PropertyKey[] }[] } },
  path: string,
) => result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;

const ach = {
  account: { id: 'acc_1', name: 'Keel Checking' },
  recipientName: 'Acme Supplies',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  amount: 125_050,
  date: '2026-11-23',
};

const wire = {
  ...ach,
  recipientAddress: { line1: '1 Main St', city: 'Austin', state: 'tx', postalCode: '78701' },
  bank: { name: 'First Bank', address: '2 Bank Plaza', city: 'New York', state: 'NY', postalCode: '10001' },
};

describe('transfer amounts', () => {
  it.each([
    [100, undefined],
    [500_000, undefined],
    [99, M.amountMin],
    [0, M.amountMin],
    [-100, M.amountMin],
    [500_001, M.amountMax],
    [100.5, M.amountWholeCents],
  ])('%s cents: %s', (cents, message) => {
    expect(firstMessage(transferCentsSchema.safeParse(cents))).toBe(message);
  });

  it.each([
    ['1', 100],
    ['5,000.00', 500_000],
    ['1,250.5', 125_050],
    [' 42.07 ', 4_207],
  ])('reads the amount box %j as %s cents', (typed, cents) => {
    expect(transferAmountInputSchema.parse(typed)).toBe(cents);
  });

  it.each([
    ['0.99', M.amountMin],
    ['-5', M.amountMin],
    ['5000.01', M.amountMax],
    ['99999999999999999999', M.amountMax],
    ['1'.repeat(24), 'Amount is too long'],
    ['', 'Amount is required'],
    ['12.345', 'Amount can have at most 2 decimals'],
    ['ten', 'Amount must be a number'],
  ])('refuses the amount box %j: %s', (typed, message) => {
    expect(firstMessage(transferAmountInputSchema.safeParse(typed))).toBe(message);
  });

  it('accepts exactly the whole cents from $1 to $5,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (cents) => {
        expect(transferCentsSchema.safeParse(cents).success).toBe(cents >= 100 && cents <= 500_000);
      }),
      { numRuns: 200 },
    );
  });
});

describe('achTransferFormSchema', () => {
  it('takes a complete ACH transfer, checking by default, memo blank', () => {
    expect(achTransferFormSchema.parse(ach)).toEqual({ ...ach, recipientAccountType: 'checking', memo: '' });
  });

  it.each([
    [{ account: undefined }, 'account', M.accountRequired],
    [{ account: { id: '', name: 'Keel Checking' } }, 'account.id', M.accountRequired],
    [{ account: { id: 'acc_1', name: ' ' } }, 'account.name', M.accountRequired],
    [{ routingNumber: '12345678' }, 'routingNumber', M.routingNumberDigits],
    [{ routingNumber: '02100002a' }, 'routingNumber', M.routingNumberDigits],
    [{ routingNumber: '021000022' }, 'routingNumber', M.routingNumberInvalid],
    [{ accountNumber: '' }, 'accountNumber', M.accountNumberRequired],
    [{ accountNumber: '123' }, 'accountNumber', M.accountNumberInvalid],
    [{ accountNumber: '1'.repeat(18) }, 'accountNumber', M.accountNumberInvalid],
    [{ accountNumber: '1234-5678' }, 'accountNumber', M.accountNumberInvalid],
    [{ recipientName: ' ' }, 'recipientName', M.recipientRequired],
    [{ recipientName: 'x'.repeat(101) }, 'recipientName', 'Recipient name must be at most 100 characters'],
    [{ amount: 50 }, 'amount', M.amountMin],
    [{ amount: 600_000 }, 'amount', M.amountMax],
    [{ date: undefined }, 'date', M.dateRequired],
    [{ date: '2026-02-30' }, 'date', M.dateInvalid],
    [{ date: '11/23/2026' }, 'date', M.dateInvalid],
    [{ memo: 'm'.repeat(81) }, 'memo', 'Memo must be at most 80 characters'],
    [{ recipientAccountType: 'brokerage' }, 'recipientAccountType', M.accountTypeInvalid],
  ])('refuses %j with its message', (change, path, message) => {
    const result = achTransferFormSchema.safeParse({ ...ach, ...change });
    expect(messageAt(result, path)).toBe(message);
    expect(result.error?.issues).toHaveLength(1);
  });

  it('keeps an 80-character memo and a savings account', () => {
    const parsed = achTransferFormSchema.parse({
      ...ach,
      memo: 'm'.repeat(80),
      recipientAccountType: 'savings',
    });
    expect(parsed.memo).toHaveLength(80);
    expect(parsed.recipientAccountType).toBe('savings');
  });
});

describe('wireTransferFormSchema', () => {
  it('takes a complete wire, second address line optional, state upper-cased', () => {
    const parsed = wireTransferFormSchema.parse(wire);
    expect(parsed.recipientAddress).toEqual({ ...wire.recipientAddress, line2: '', state: 'TX' });
    expect(parsed.bank).toEqual(wire.bank);
  });

  it.each([
    [{ recipientAddress: undefined }, 'recipientAddress', M.addressRequired],
    [
      { recipientAddress: { ...wire.recipientAddress, line1: '' } },
      'recipientAddress.line1',
      M.addressRequired,
    ],
    [{ recipientAddress: { ...wire.recipientAddress, city: '' } }, 'recipientAddress.city', M.cityRequired],
    [
      { recipientAddress: { ...wire.recipientAddress, state: '' } },
      'recipientAddress.state',
      M.stateRequired,
    ],
    [
      { recipientAddress: { ...wire.recipientAddress, state: 'ZZ' } },
      'recipientAddress.state',
      M.stateInvalid,
    ],
    [
      { recipientAddress: { ...wire.recipientAddress, postalCode: undefined } },
      'recipientAddress.postalCode',
      M.postalCodeRequired,
    ],
    [
      { recipientAddress: { ...wire.recipientAddress, postalCode: '7870' } },
      'recipientAddress.postalCode',
      M.postalCodeInvalid,
    ],
    [{ bank: { ...wire.bank, name: '' } }, 'bank.name', M.bankNameRequired],
    [{ bank: { ...wire.bank, address: '' } }, 'bank.address', M.bankAddressRequired],
    [{ bank: { ...wire.bank, city: '' } }, 'bank.city', M.cityRequired],
    [{ bank: { ...wire.bank, state: 'Texas' } }, 'bank.state', M.stateInvalid],
    [{ bank: { ...wire.bank, postalCode: 'abcde' } }, 'bank.postalCode', M.postalCodeInvalid],
    [{ memo: 'm'.repeat(141) }, 'memo', 'Memo must be at most 140 characters'],
  ])('refuses %j with its message', (change, path, message) => {
    const result = wireTransferFormSchema.safeParse({ ...wire, ...change });
    expect(messageAt(result, path)).toBe(message);
    expect(result.error?.issues).toHaveLength(1);
  });
});

describe('checkDailyLimit', () => {
  const limits = { dailyLimitCents: 1_000_000 };

  it('allows a transfer up to what is left today', () => {
    expect(checkDailyLimit(limits, 750_000, 250_000)).toEqual({ ok: true, remainingCents: 250_000 });
  });

  it('says how much is left when a transfer is over it', () => {
    expect(checkDailyLimit(limits, 750_000, 250_001)).toEqual({
      ok: false,
      remainingCents: 250_000,
      error:
        'This transfer is over your daily transfer limit of $10,000.00. You can send up to $2,500.00 more today.',
    });
  });

  it('says to try tomorrow once the limit is used up, even when more was sent than it allows', () => {
    for (const sent of [1_000_000, 1_200_000]) {
      expect(checkDailyLimit(limits, sent, 100)).toEqual({
        ok: false,
        remainingCents: 0,
        error: 'You have reached your daily transfer limit of $10,000.00. Try again tomorrow.',
      });
    }
  });

  it('refuses figures that are not cents', () => {
    expect(() => checkDailyLimit(limits, -1, 100)).toThrow(RangeError);
    expect(() => checkDailyLimit(limits, 0, 1.5)).toThrow(RangeError);
  });

  it('allows a transfer exactly when the day total stays within the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (limit, sent, amount) => {
          const check = checkDailyLimit({ dailyLimitCents: limit }, sent, amount);
          expect(check.ok).toBe(sent + amount <= limit);
          expect(check.remainingCents).toBe(Math.max(0, limit - sent));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('transfer statuses', () => {
  it('counts pending and posted transfers toward the limit, not returned ones', () => {
    expect(TRANSFER_STATUSES.filter(countsTowardDailyLimit)).toEqual(['pending', 'posted']);
  });

  it('moves pending to posted or returned; only a posted ACH can still be returned', () => {
    const moves = (rail: 'ach' | 'wire') =>
      TRANSFER_STATUSES.flatMap((from) =>
        TRANSFER_STATUSES.filter((to) => canChangeTransferStatus(rail, from, to)).map(
          (to) => `${from}>${to}`,
        ),
      );
    expect(moves('ach')).toEqual(['pending>posted', 'pending>returned', 'posted>returned']);
    expect(moves('wire')).toEqual(['pending>posted', 'pending>returned']);
  });
});

describe('transferIdempotencyKeySchema', () => {
  it('takes a UUID and refuses short, long or blank-containing keys', () => {
    expect(transferIdempotencyKeySchema.safeParse('6f1c2a4e-2b7d-4c1e-9a3f-0d5e8b7c6a21').success).toBe(true);
    for (const key of ['short', 'k'.repeat(256), 'has space in it', '']) {
      expect(transferIdempotencyKeySchema.safeParse(key).success).toBe(false);
    }
  });
});

describe('vendorFormSchema', () => {
  it('takes a name alone; blanks become null; business by default', () => {
    expect(vendorFormSchema.parse({ name: ' Acme ', email: ' ', companyName: '' })).toEqual({
      name: 'Acme',
      email: null,
      companyName: null,
      vendorType: 'business',
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: 'Acme', email: 'not an email' }, 'email', 'Invalid email'],
    [{ name: 'Acme', notes: 'n'.repeat(1001) }, 'notes', 'Notes must be at most 1000 characters'],
    [{ name: 'Acme', vendorType: 'government' }, 'vendorType', 'Vendor type must be business or individual'],
  ])('refuses %j', (form, path, message) => {
    expect(messageAt(vendorFormSchema.safeParse(form), path)).toBe(message);
  });
});

describe('latestTransferDate', () => {
  it('is 90 calendar days after today, across months and years', () => {
    expect(latestTransferDate('2026-11-22')).toBe('2027-02-20');
    expect(latestTransferDate('2026-01-01')).toBe('2026-04-01');
  });
});
