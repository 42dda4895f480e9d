import { type APIRequestContext, expect } from '@playwright/test';
import { graphql } from './api';

/**
 * Banking through the API for the specs: an account opened as /apply would, money put in
 * and the bank moved ahead for one company through the sandbox's dev routes (apps/server/src/rest/
 * devBanking.ts; loopback only, as the specs' requests are).
 */

/** The sandbox bank's routing number (Keel's). */
export const SANDBOX_ROUTING_NUMBER = '101000019';
/** A valid routing number of another bank (Chase's), for recipients. */
export const RECIPIENT_ROUTING_NUMBER = '021000021';

type DepositAccountView = {
  id: string;
  name: string;
  accountNumber: string;
  routingNumber: string;
  currentBalance: number;
  availableBalance: number;
};

/** Applies for the company as its owner, as the /apply form does; returns the account it opened. */
export async function openDepositAccountByApi(
  request: APIRequestContext,
  token: string,
  entityId: string,
): Promise<DepositAccountView> {
  const data = await graphql<{ createTprimeApplication: { account: DepositAccountView | null } }>(
    request,
    token,
    `mutation Apply($entityId: ID!, $person: ApplicationPersonInput!, $address: AddressInput!) {
      createTprimeApplication(entityId: $entityId, person: $person, address: $address, acknowledgedAgreements: true) {
        account { id name accountNumber routingNumber currentBalance availableBalance }
      }
    }`,
    {
      entityId,
      person: {
        firstName: 'Taylor',
        lastName: 'Tester',
        email: 'taylor@example.test',
        phoneNumber: '4155550134',
        dateOfBirth: '1985-12-10',
        citizen: true,
        tin: '123456789',
        ein: '987654321',
      },
      address: { streetLine1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' },
    },
  );
  const account = data.createTprimeApplication.account;
  expect(account, 'an approved application opens an account').not.toBeNull();
  return account as DepositAccountView;
}

/** Money arriving in the account today from outside (the sandbox's incoming ACH), booked in the books. */
export async function depositByDevRoute(request: APIRequestContext, accountId: string, cents: number) {
  const response = await request.post('/api/dev/bank/deposit', {
    data: { account_id: accountId, amount: cents },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The bank settles the company's accounts as of `at` (what posts by then posts), the clock unmoved. */
export async function settleByDevRoute(request: APIRequestContext, entityId: string, at: string) {
  const response = await request.post('/api/dev/bank/settle', { data: { entity_id: entityId, at } });
  expect(response.status(), await response.text()).toBe(200);
}

type TransferView = {
  id: string;
  status: string;
  amount: number;
  settleAt: string;
  recipientName: string;
};

export async function transfersByApi(
  request: APIRequestContext,
  token: string,
  entityId: string,
): Promise<TransferView[]> {
  const data = await graphql<{ transfers: TransferView[] }>(
    request,
    token,
    'query Transfers($entityId: ID!) { transfers(entityId: $entityId) { id status amount settleAt recipientName } }',
    { entityId },
  );
  return data.transfers;
}

/** Sends an ACH from the account through the API (CreateAchTransfer), to have a transfer on screen. */
export async function sendAchByApi(
  request: APIRequestContext,
  token: string,
  input: { entityId: string; accountId: string; recipientName: string; cents: number; date: string },
) {
  await graphql(
    request,
    token,
    `mutation Send($entityId: ID!, $key: String!, $accountId: ID, $name: String, $amount: Cents, $date: String) {
      createAchTransfer(entityId: $entityId, idempotencyKey: $key, accountId: $accountId, recipientName: $name,
        routingNumber: "${RECIPIENT_ROUTING_NUMBER}", accountNumber: "123456789", amount: $amount, date: $date,
        memo: "Invoice 7") { id }
    }`,
    {
      entityId: input.entityId,
      key: `e2e-${input.accountId}-${input.cents}-${Date.now()}`,
      accountId: input.accountId,
      name: input.recipientName,
      amount: input.cents,
      date: input.date,
    },
  );
}
