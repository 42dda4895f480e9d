import { describe, expect, it } from 'vitest';
import {
  bankLinkOfMoneykitLink,
  bankLinkOfPlaidItem,
  displayedBalance,
  UNKNOWN_INSTITUTION,
} from './bankLinks';
import { loginRequiredError, moneykitLink, plaidItem } from './linking.testkit';

describe('bank links', () => {
  it('needs reconnecting on ITEM_LOGIN_REQUIRED (A) and on state error with auth_expired (B), spec §4', () => {
    expect(bankLinkOfPlaidItem(plaidItem({ error: loginRequiredError })).needsReconnect).toBe(true);
    expect(
      bankLinkOfPlaidItem(plaidItem({ error: { ...loginRequiredError, error_code: 'INSTITUTION_DOWN' } }))
        .needsReconnect,
    ).toBe(false);
    expect(
      bankLinkOfMoneykitLink(moneykitLink({ state: 'error', errorCode: 'auth_expired' })).needsReconnect,
    ).toBe(true);
    expect(
      bankLinkOfMoneykitLink(moneykitLink({ state: 'connected', errorCode: 'auth_expired' })).needsReconnect,
    ).toBe(false);
  });

  it("names an institution without a name 'Unknown Institution' (spec §8)", () => {
    expect(bankLinkOfMoneykitLink(moneykitLink({ institutionName: '' })).institutionName).toBe(
      UNKNOWN_INSTITUTION,
    );
  });

  it('negates what is owed on cards and loans (spec §9), and keeps a missing balance missing', () => {
    expect(displayedBalance('credit', 120_000)).toBe(-120_000);
    expect(displayedBalance('loan', 5_000)).toBe(-5_000);
    expect(displayedBalance('depository', 5_000)).toBe(5_000);
    expect(displayedBalance('credit', 0)).toBe(0);
    expect(displayedBalance('credit', null)).toBeNull();
  });
});
