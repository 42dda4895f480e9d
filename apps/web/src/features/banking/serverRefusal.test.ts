import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE_MESSAGE, readServerRefusal } from './serverRefusal';

const refusal = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe('readServerRefusal', () => {
  it('places a refusal on the field it names, when the form has it', () => {
    const fieldOf = (field: string) => (field === 'amount' ? 'amount' : null);
    expect(
      readServerRefusal(refusal('Too much', { code: 'BAD_USER_INPUT', field: 'amount' }), fieldOf),
    ).toEqual({
      field: 'amount',
      message: 'Too much',
    });
    expect(
      readServerRefusal(refusal('Key reused', { code: 'BAD_USER_INPUT', field: 'idempotencyKey' }), fieldOf),
    ).toEqual({ field: null, message: 'Key reused' });
  });

  it('puts a NOT_FOUND on the field given for it, and a network failure above the buttons', () => {
    expect(
      readServerRefusal(refusal('Account not found', { code: 'NOT_FOUND' }), () => null, 'account'),
    ).toEqual({
      field: 'account',
      message: 'Account not found',
    });
    expect(readServerRefusal(new TypeError('Failed to fetch'), () => null)).toEqual({
      field: null,
      message: NETWORK_FAILURE_MESSAGE,
    });
  });
});
