import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../../test/ledgerTestKit';
import { systemClock } from '../../../clock';
import { createAccount } from './createAccount';

/**
 * A sub-account a person adds stays in the report while empty (the grid hides
 * other empty accounts by default), across reloads, until they hide it from the row menu.
 */
let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($name: String!, $entityId: ID!, $parentId: ID!) {
  createAccount(name: $name, entityId: $entityId, parentId: $parentId) { id shownWhenEmpty }
}`;
const SET = `mutation($id: ID!, $shown: Boolean!, $reportId: ID) {
  setAccountShownWhenEmpty(id: $id, shown: $shown, reportId: $reportId) { id shownWhenEmpty }
}`;
const REPORT = `query($entityId: ID!) { report(entityId: $entityId) { accounts { id name shownWhenEmpty } } }`;

/** The report's accounts as a fresh page load reads them. */
async function reportAccounts(fixture = acme) {
  const result = await fixture.gql<{
    report: { accounts: { id: string; name: string; shownWhenEmpty: boolean }[] };
  }>(REPORT, { entityId: fixture.entityId });
  expect(result.errors).toBeUndefined();
  return result.data!.report.accounts;
}

async function shownWhenEmpty(id: string) {
  return (await reportAccounts()).find((account) => account.id === id)?.shownWhenEmpty;
}

describe('an account a person adds is shown while empty', () => {
  it('marks a sub-account added through Add Sub-Account, and no account of the default chart', async () => {
    const expense = await acme.account('Expense');
    const added = await acme.gql<{ createAccount: { id: string; shownWhenEmpty: boolean } }>(CREATE, {
      name: 'Conferences',
      entityId: acme.entityId,
      parentId: expense,
    });
    expect(added.errors).toBeUndefined();
    expect(added.data!.createAccount.shownWhenEmpty).toBe(true);
    // A reload reads it again from the database: still shown.
    expect(await shownWhenEmpty(added.data!.createAccount.id)).toBe(true);
    const others = (await reportAccounts()).filter((a) => a.id !== added.data!.createAccount.id);
    expect(others.length).toBeGreaterThan(5);
    expect(others.every((a) => a.shownWhenEmpty === false)).toBe(true);
  });

  it('leaves unmarked an account made on the company’s behalf (a link, the hiring plan, an import)', async () => {
    const made = await createAccount(t.db, systemClock, {
      entityId: acme.entityId,
      parentId: await acme.account('Expense'),
      name: 'Imported costs',
    });
    expect(made.shownWhenEmpty).toBe(false);
    expect(await shownWhenEmpty(made.id)).toBe(false);
  });

  it('is hidden when the person hides it, and shown again when they choose', async () => {
    const created = await acme.gql<{ createAccount: { id: string } }>(CREATE, {
      name: 'Travel',
      entityId: acme.entityId,
      parentId: await acme.account('Expense'),
    });
    const id = created.data!.createAccount.id;
    const hidden = await acme.gql(SET, { id, shown: false, reportId: acme.reportId });
    expect(hidden.errors).toBeUndefined();
    expect(await shownWhenEmpty(id)).toBe(false);
    const shown = await acme.gql(SET, { id, shown: true });
    expect(shown.errors).toBeUndefined();
    expect(await shownWhenEmpty(id)).toBe(true);
    // Any account may be kept in view, a fixed one too: it changes no figure.
    const banks = await acme.account('Banks');
    expect((await acme.gql(SET, { id: banks, shown: true })).errors).toBeUndefined();
    expect(await shownWhenEmpty(banks)).toBe(true);
  });

  it('refuses another company’s account or report, and a card-only member', async () => {
    const id = await acme.account('Income');
    const foreign = await other.gql(SET, { id, shown: true });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const foreignReport = await acme.gql(SET, { id, shown: true, reportId: other.reportId });
    expect(foreignReport.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const cardOnly = await acme.member('card_only');
    const refused = await acme.gql(SET, { id, shown: true }, cardOnly);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await shownWhenEmpty(id)).toBe(false);
  });
});
