import { TRANSFER_MESSAGES } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import {
  achTransferInputSchema,
  achVariables,
  emptyTransferForm,
  transferFieldOf,
  wireTransferInputSchema,
  wireVariables,
} from './transferFormValues';

const filled = {
  ...emptyTransferForm('2026-11-22', { id: 'a1', name: 'Keel Checking' }),
  vendorId: 'v1',
  recipientName: 'Lee & Park LLP',
  routingNumber: '021000021',
  accountNumber: '123456789',
  amount: '1,250.50',
  memo: ' Invoice 42 ',
};

describe('the Send money form values', () => {
  it('reads the amount box to cents with the domain rule, and sends what the mutation takes', () => {
    const form = achTransferInputSchema.parse(filled);
    expect(form.amount).toBe(125_050);
    expect(achVariables('e1', 'key-0001', form)).toEqual({
      entityId: 'e1',
      idempotencyKey: 'key-0001',
      accountId: 'a1',
      vendorId: 'v1',
      recipientName: 'Lee & Park LLP',
      routingNumber: '021000021',
      accountNumber: '123456789',
      amount: 125_050,
      date: '2026-11-22',
      memo: 'Invoice 42',
      recipientAccountType: 'checking',
    });
  });

  it('adds the address and the bank to a wire, and refuses a wire without them', () => {
    expect(wireTransferInputSchema.safeParse(filled).error?.issues.map((issue) => issue.message)).toContain(
      TRANSFER_MESSAGES.addressRequired,
    );
    const wire = wireTransferInputSchema.parse({
      ...filled,
      recipientAddress: {
        line1: '88 Keyuan Rd',
        line2: '',
        city: 'Shenzhen',
        state: 'ca',
        postalCode: '94107',
      },
      bank: {
        name: 'Example Bank',
        address: '1 Bank Plaza',
        city: 'New York',
        state: 'NY',
        postalCode: '10005',
      },
    });
    const variables = wireVariables('e1', 'key-0001', wire);
    expect(variables.recipientAddress).toEqual({
      line1: '88 Keyuan Rd',
      line2: '',
      city: 'Shenzhen',
      state: 'CA',
      postalCode: '94107',
    });
    expect(variables.bank?.name).toBe('Example Bank');
  });

  it.each([
    ['accountId', 'account'],
    ['vendorId', 'recipientName'],
    ['amount', 'amount'],
    ['routingNumber', 'routingNumber'],
    ['recipientAddress', 'recipientAddress.line1'],
    ['recipientAddress.city', 'recipientAddress.city'],
    ['bank', 'bank.name'],
    ['bank.postalCode', 'bank.postalCode'],
    ['idempotencyKey', null],
    ['somethingElse', null],
  ])('puts a refusal of %s under %s', (serverField, formField) => {
    expect(transferFieldOf(serverField)).toBe(formField);
  });
});
