import { isAbaRoutingNumber, isLuhnValid } from '@keel/domain';
import Increase, {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
} from 'increase';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type IncreaseSimulator, startIncreaseSimulator } from './increaseSimulator/index';

/** The Increase simulator driven only through Increase's official SDK, as the adapter drives Increase. */

let simulator: IncreaseSimulator;
let increase: Increase;

beforeEach(async () => {
  simulator = await startIncreaseSimulator({ apiKey: 'test_key' });
  increase = new Increase({ apiKey: simulator.apiKey, baseURL: simulator.baseURL, maxRetries: 0 });
});

afterEach(async () => {
  await simulator.close();
});

const ADA = {
  name: 'Ada Lovelace',
  date_of_birth: '1990-12-10',
  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
  identification: { method: 'social_security_number' as const, number: '123456789' },
};

const physicalShipment = {
  method: 'usps',
  address: {
    name: 'Ada Lovelace',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  },
} as const;

const RECIPIENT = { account_number: '987654321', routing_number: '021000021' };

/** An account with an account number, funded by an inbound ACH of `deposit` cents when given. */
async function openAccount(deposit = 0) {
  const entity = await increase.entities.create({ structure: 'natural_person', natural_person: ADA });
  const account = await increase.accounts.create({ name: 'Operating', entity_id: entity.id });
  const accountNumber = await increase.accountNumbers.create({ account_id: account.id, name: 'Main' });
  if (deposit > 0) {
    await increase.simulations.inboundACHTransfers.create({
      account_number_id: accountNumber.id,
      amount: deposit,
    });
  }
  return { entity, account, accountNumber };
}

async function balances(accountId: string) {
  const lookup = await increase.accounts.balance(accountId);
  return { current: lookup.current_balance, available: lookup.available_balance };
}

function achTransfer(accountId: string, amount: number) {
  return {
    account_id: accountId,
    amount,
    statement_descriptor: 'Rent May',
    individual_name: 'Grace Hopper',
    ...RECIPIENT,
  };
}

describe('Increase simulator', () => {
  it('refuses a wrong API key with the SDK AuthenticationError', async () => {
    const stranger = new Increase({ apiKey: 'wrong', baseURL: simulator.baseURL, maxRetries: 0 });
    const error = await stranger.accounts.create({ name: 'Nope' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).error).toMatchObject({
      status: 401,
      type: 'invalid_api_key_error',
    });
    expect(await increase.accounts.list().then((page) => page.data)).toEqual([]);
    expect(simulator.requests[0]).toMatchObject({ method: 'POST', path: '/accounts' });
  });

  it('creates an active natural person, and a disabled one whose identification number is 000000000', async () => {
    const ada = await increase.entities.create({ structure: 'natural_person', natural_person: ADA });
    expect(ada).toMatchObject({
      type: 'entity',
      structure: 'natural_person',
      status: 'active',
      natural_person: {
        name: 'Ada Lovelace',
        date_of_birth: '1990-12-10',
        identification: { method: 'social_security_number', number_last4: '6789' },
        address: {
          line1: '1 Main St',
          line2: null,
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
        },
      },
      corporation: null,
    });
    expect(ada.id).toMatch(/^entity_[a-z0-9]{20}$/);
    expect(await increase.entities.retrieve(ada.id)).toEqual(ada);

    const declined = await increase.entities.create({
      structure: 'natural_person',
      natural_person: { ...ADA, identification: { method: 'social_security_number', number: '000000000' } },
    });
    expect(declined.status).toBe('disabled');
    const refused = await increase.accounts
      .create({ name: 'X', entity_id: declined.id })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
  });

  it('creates a corporation with its beneficial owners', async () => {
    const corporation = await increase.entities.create({
      structure: 'corporation',
      corporation: {
        name: 'Analytical Engines LLC',
        address: { line1: '2 Market St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
        legal_identifier: { value: '123456789' },
        beneficial_owners: [{ individual: ADA, prongs: ['ownership', 'control'] }],
      },
    });
    expect(corporation.status).toBe('active');
    expect(corporation.corporation?.name).toBe('Analytical Engines LLC');
    expect(corporation.corporation?.legal_identifier).toEqual({
      category: 'us_employer_identification_number',
      value: '123456789',
    });
    expect(corporation.corporation?.beneficial_owners[0]?.individual.identification?.number_last4).toBe(
      '6789',
    );
    expect(corporation.corporation?.beneficial_owners[0]?.id).toMatch(/^entity_beneficial_owner_/);
  });

  it('refuses an entity with missing or malformed details, naming the fields', async () => {
    const error = await increase.entities
      .create({
        structure: 'natural_person',
        natural_person: {
          ...ADA,
          date_of_birth: '10/12/1990',
          identification: { method: 'social_security_number', number: '12' },
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    const fields = ((error as BadRequestError).error as { errors: Array<{ field: string }> }).errors.map(
      (e) => e.field,
    );
    expect(fields.sort()).toEqual(['natural_person.date_of_birth', 'natural_person.identification.number']);
  });

  it('opens an account with a 12-digit account number on a valid routing number, and empty balances', async () => {
    const { entity, account, accountNumber } = await openAccount();
    expect(account).toMatchObject({
      type: 'account',
      name: 'Operating',
      entity_id: entity.id,
      status: 'open',
      currency: 'USD',
      interest_rate: '0.02',
      closed_at: null,
    });
    expect(account.id).toMatch(/^account_[a-z0-9]{20}$/);
    expect(accountNumber).toMatchObject({ type: 'account_number', account_id: account.id, status: 'active' });
    expect(accountNumber.id).toMatch(/^account_number_[a-z0-9]{20}$/);
    expect(accountNumber.account_number).toMatch(/^\d{12}$/);
    expect(isAbaRoutingNumber(accountNumber.routing_number)).toBe(true);
    expect(await increase.accountNumbers.retrieve(accountNumber.id)).toEqual(accountNumber);
    expect(await increase.accounts.balance(account.id)).toEqual({
      type: 'balance_lookup',
      account_id: account.id,
      current_balance: 0,
      available_balance: 0,
      loan: null,
    });
    const other = await increase.accountNumbers.create({ account_id: account.id, name: 'Second' });
    expect(other.account_number).not.toBe(accountNumber.account_number);
  });

  it('raises both balances when an inbound ACH credit arrives', async () => {
    const { account, accountNumber } = await openAccount();
    const inbound = await increase.simulations.inboundACHTransfers.create({
      account_number_id: accountNumber.id,
      amount: 125_00,
      company_name: 'PAYROLL INC',
    });
    expect(inbound).toMatchObject({
      type: 'inbound_ach_transfer',
      status: 'accepted',
      direction: 'credit',
      amount: 125_00,
      account_id: account.id,
      account_number_id: accountNumber.id,
      originator_company_name: 'PAYROLL INC',
    });
    expect(inbound.id).toMatch(/^inbound_ach_transfer_/);
    const transaction = await increase.transactions.retrieve(inbound.acceptance?.transaction_id ?? '');
    expect(transaction).toMatchObject({
      account_id: account.id,
      amount: 125_00,
      route_id: accountNumber.id,
      route_type: 'account_number',
      source: {
        category: 'inbound_ach_transfer',
        inbound_ach_transfer: { amount: 125_00, transfer_id: inbound.id },
      },
    });
    expect(await balances(account.id)).toEqual({ current: 125_00, available: 125_00 });
  });

  it('holds an ACH transfer, books the intention on submit and the return on return', async () => {
    const { account } = await openAccount(1_000_00);
    const created = await increase.achTransfers.create(achTransfer(account.id, 400_00));
    expect(created).toMatchObject({
      type: 'ach_transfer',
      status: 'pending_submission',
      amount: 400_00,
      account_id: account.id,
      statement_descriptor: 'Rent May',
      individual_name: 'Grace Hopper',
      transaction_id: null,
      return: null,
      ...RECIPIENT,
    });
    expect(created.id).toMatch(/^ach_transfer_/);
    expect(created.pending_transaction_id).toMatch(/^pending_transaction_/);
    expect(await balances(account.id)).toEqual({ current: 1_000_00, available: 600_00 });

    const submitted = await increase.simulations.achTransfers.submit(created.id);
    expect(submitted.status).toBe('submitted');
    expect(submitted.submission?.trace_number).toMatch(/^\d{15}$/);
    const intention = await increase.transactions.retrieve(submitted.transaction_id ?? '');
    expect(intention).toMatchObject({
      amount: -400_00,
      source: {
        category: 'ach_transfer_intention',
        ach_transfer_intention: {
          transfer_id: created.id,
          amount: 400_00,
          statement_descriptor: 'Rent May',
          ...RECIPIENT,
        },
      },
    });
    expect(await balances(account.id)).toEqual({ current: 600_00, available: 600_00 });
    const hold = await increase.pendingTransactions.retrieve(created.pending_transaction_id ?? '');
    expect(hold).toMatchObject({ status: 'complete', amount: -400_00, held_amount: -400_00 });

    const returned = await increase.simulations.achTransfers.return(created.id, { reason: 'account_closed' });
    expect(returned.status).toBe('returned');
    expect(returned.return).toMatchObject({
      transfer_id: created.id,
      return_reason_code: 'account_closed',
      raw_return_reason_code: 'R02',
    });
    const returnTransaction = await increase.transactions.retrieve(returned.return?.transaction_id ?? '');
    expect(returnTransaction).toMatchObject({
      amount: 400_00,
      source: {
        category: 'ach_transfer_return',
        ach_transfer_return: {
          transfer_id: created.id,
          return_reason_code: 'account_closed',
          raw_return_reason_code: 'R02',
        },
      },
    });
    expect(await balances(account.id)).toEqual({ current: 1_000_00, available: 1_000_00 });
    expect(await increase.achTransfers.retrieve(created.id)).toEqual(returned);
  });

  it('returns only a submitted ACH transfer', async () => {
    const { account } = await openAccount(100_00);
    const created = await increase.achTransfers.create(achTransfer(account.id, 10_00));
    const error = await increase.simulations.achTransfers.return(created.id, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((await increase.achTransfers.retrieve(created.id)).status).toBe('pending_submission');
  });

  it('refuses an ACH transfer beyond the available balance and changes nothing', async () => {
    const { account } = await openAccount(100_00);
    await increase.achTransfers.create(achTransfer(account.id, 60_00));
    const error = await increase.achTransfers.create(achTransfer(account.id, 50_00)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).error).toMatchObject({
      status: 400,
      type: 'invalid_parameters_error',
      errors: [{ field: 'amount' }],
    });
    expect(await balances(account.id)).toEqual({ current: 100_00, available: 40_00 });
    const listed = await increase.achTransfers.list({ account_id: account.id });
    expect(listed.data.map((transfer) => transfer.amount)).toEqual([60_00]);
  });

  it('refuses a bad routing number and a debit', async () => {
    const { account } = await openAccount(100_00);
    const badRouting = await increase.achTransfers
      .create({ ...achTransfer(account.id, 10_00), routing_number: '021000022' })
      .catch((e: unknown) => e);
    expect((badRouting as BadRequestError).error).toMatchObject({ errors: [{ field: 'routing_number' }] });
    const debit = await increase.achTransfers
      .create(achTransfer(account.id, -10_00))
      .catch((e: unknown) => e);
    expect(debit).toBeInstanceOf(BadRequestError);
    expect(await balances(account.id)).toEqual({ current: 100_00, available: 100_00 });
  });

  it('answers a repeated Idempotency-Key with the first answer, and a changed body with a conflict', async () => {
    const { account } = await openAccount(1_000_00);
    const body = achTransfer(account.id, 250_00);
    const first = await increase.achTransfers.create(body, { idempotencyKey: 'rent-may' });
    const { data: again, response } = await increase.achTransfers
      .create(body, { idempotencyKey: 'rent-may' })
      .withResponse();
    expect(again).toEqual(first);
    expect(first.idempotency_key).toBe('rent-may');
    expect(response.headers.get('idempotent-replayed')).toBe('true');

    const conflict = await increase.achTransfers
      .create({ ...body, amount: 300_00 }, { idempotencyKey: 'rent-may' })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).error).toMatchObject({ status: 409, resource_id: first.id });

    const posts = simulator.requests.filter((r) => r.method === 'POST' && r.path === '/ach_transfers');
    expect(posts.map((r) => r.idempotencyKey)).toEqual(['rent-may', 'rent-may', 'rent-may']);
    const listed = await increase.achTransfers.list({ account_id: account.id });
    expect(listed.data.map((transfer) => transfer.id)).toEqual([first.id]);
    expect(await balances(account.id)).toEqual({ current: 1_000_00, available: 750_00 });
  });

  it('books a submitted wire and releases the hold of a canceled one', async () => {
    const { account } = await openAccount(5_000_00);
    const wire = (amount: number, message: string) =>
      increase.wireTransfers.create({
        account_id: account.id,
        amount,
        creditor: { name: 'Babbage & Co', address: { unstructured: { line1: '3 Broad St' } } },
        remittance: { category: 'unstructured', unstructured: { message } },
        ...RECIPIENT,
      });
    const sent = await wire(2_000_00, 'Invoice 42');
    expect(sent).toMatchObject({
      type: 'wire_transfer',
      status: 'pending_creating',
      amount: 2_000_00,
      creditor: {
        name: 'Babbage & Co',
        address: { unstructured: { line1: '3 Broad St', line2: null, line3: null } },
      },
      remittance: { category: 'unstructured', unstructured: { message: 'Invoice 42' } },
    });
    expect(sent.id).toMatch(/^wire_transfer_/);
    const canceled = await wire(1_000_00, 'Mistake');
    expect(await balances(account.id)).toEqual({ current: 5_000_00, available: 2_000_00 });

    const submitted = await increase.simulations.wireTransfers.submit(sent.id);
    expect(submitted.status).toBe('submitted');
    const transaction = await increase.transactions.retrieve(submitted.transaction_id ?? '');
    expect(transaction).toMatchObject({
      amount: -2_000_00,
      source: {
        category: 'wire_transfer_intention',
        wire_transfer_intention: {
          transfer_id: sent.id,
          amount: 2_000_00,
          message_to_recipient: 'Invoice 42',
          ...RECIPIENT,
        },
      },
    });

    const cancellation = await increase.wireTransfers.cancel(canceled.id);
    expect(cancellation.status).toBe('canceled');
    expect(cancellation.transaction_id).toBeNull();
    expect(await balances(account.id)).toEqual({ current: 3_000_00, available: 3_000_00 });
    const again = await increase.wireTransfers.cancel(sent.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(BadRequestError);
    const wires = await increase.transactions.list({
      account_id: account.id,
      category: { in: ['wire_transfer_intention'] },
    });
    expect(wires.data.map((t) => t.id)).toEqual([transaction.id]);
  });

  it('pays interest into the account', async () => {
    const { account } = await openAccount(100_00);
    const interest = await increase.simulations.interestPayments.create({
      account_id: account.id,
      amount: 1_23,
      period_start: '2026-04-01T00:00:00Z',
      period_end: '2026-04-30T23:59:59Z',
    });
    expect(interest).toMatchObject({
      type: 'transaction',
      account_id: account.id,
      amount: 1_23,
      currency: 'USD',
      source: {
        category: 'interest_payment',
        interest_payment: {
          amount: 1_23,
          accrued_on_account_id: account.id,
          period_start: '2026-04-01T00:00:00.000Z',
          period_end: '2026-04-30T23:59:59.000Z',
        },
      },
    });
    expect(interest.id).toMatch(/^transaction_/);
    expect(await balances(account.id)).toEqual({ current: 101_23, available: 101_23 });
  });

  it('pages transactions newest first, visiting each once while new ones arrive', async () => {
    const { account, accountNumber } = await openAccount();
    const booked: string[] = [];
    for (const amount of [1_00, 2_00, 3_00, 4_00, 5_00]) {
      const inbound = await increase.simulations.inboundACHTransfers.create({
        account_number_id: accountNumber.id,
        amount,
      });
      booked.push(inbound.acceptance?.transaction_id ?? '');
    }
    const visited: string[] = [];
    for await (const transaction of increase.transactions.list({ account_id: account.id, limit: 2 })) {
      visited.push(transaction.id);
      // A transaction arriving mid-listing is newer than every page's cursor: it changes no page.
      if (visited.length === 1)
        await increase.simulations.interestPayments.create({ account_id: account.id, amount: 7 });
    }
    expect(visited).toEqual([...booked].reverse());
    const listCalls = simulator.requests.filter((r) => r.method === 'GET' && r.path === '/transactions');
    expect(listCalls).toHaveLength(3);

    const all = await increase.transactions.list({ account_id: account.id });
    const createdAts = all.data.map((t) => t.created_at);
    expect(new Set(createdAts).size).toBe(6);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);
  });

  it('filters transactions by created_at and category', async () => {
    const { account, accountNumber } = await openAccount();
    const times: string[] = [];
    for (const amount of [1_00, 2_00, 3_00, 4_00, 5_00]) {
      const inbound = await increase.simulations.inboundACHTransfers.create({
        account_number_id: accountNumber.id,
        amount,
      });
      times.push((await increase.transactions.retrieve(inbound.acceptance?.transaction_id ?? '')).created_at);
    }
    await increase.simulations.interestPayments.create({ account_id: account.id, amount: 9 });
    const since = await increase.transactions.list({
      account_id: account.id,
      created_at: { on_or_after: times[2] },
      category: { in: ['inbound_ach_transfer', 'ach_transfer_return'] },
    });
    expect(since.data.map((t) => t.amount)).toEqual([5_00, 4_00, 3_00]);
    const before = await increase.transactions.list({
      account_id: account.id,
      created_at: { before: times[2] },
    });
    expect(before.data.map((t) => t.amount)).toEqual([2_00, 1_00]);
    const interest = await increase.transactions.list({ category: { in: ['interest_payment'] } });
    expect(interest.data.map((t) => t.amount)).toEqual([9]);
    const badLimit = await increase.transactions.list({ limit: 101 }).catch((e: unknown) => e);
    expect(badLimit).toBeInstanceOf(BadRequestError);
  });

  it('looks balances up at a past time', async () => {
    const { account, accountNumber } = await openAccount();
    const inbound = await increase.simulations.inboundACHTransfers.create({
      account_number_id: accountNumber.id,
      amount: 50_00,
    });
    const creditedAt = (await increase.transactions.retrieve(inbound.acceptance?.transaction_id ?? ''))
      .created_at;
    await increase.achTransfers.create(achTransfer(account.id, 20_00));
    const then = await increase.accounts.balance(account.id, { at_time: creditedAt });
    expect([then.current_balance, then.available_balance]).toEqual([50_00, 50_00]);
    expect(await balances(account.id)).toEqual({ current: 50_00, available: 30_00 });
  });

  it('closes only an empty account', async () => {
    const { account } = await openAccount(10_00);
    expect(await increase.accounts.close(account.id).catch((e: unknown) => e)).toBeInstanceOf(
      BadRequestError,
    );
    const empty = await increase.accounts.create({ name: 'Empty' });
    const closed = await increase.accounts.close(empty.id);
    expect(closed.status).toBe('closed');
    expect(closed.closed_at).not.toBeNull();
    // Opened without an entity_id: the group's own entity owns it.
    expect((await increase.entities.retrieve(empty.entity_id)).structure).toBe('corporation');
    const late = await increase.accountNumbers
      .create({ account_id: empty.id, name: 'Late' })
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(BadRequestError);
    expect((await increase.accounts.retrieve(account.id)).status).toBe('open');
  });

  it('issues a card with Luhn-valid details; a canceled card stays canceled', async () => {
    const { account } = await openAccount();
    const card = await increase.cards.create({ account_id: account.id, description: 'Office supplies' });
    expect(card).toMatchObject({
      type: 'card',
      account_id: account.id,
      status: 'active',
      description: 'Office supplies',
    });
    expect(card.id).toMatch(/^card_/);
    const details = await increase.cards.details(card.id);
    expect(details.card_id).toBe(card.id);
    expect(details.primary_account_number).toMatch(/^400000\d{10}$/);
    expect(isLuhnValid(details.primary_account_number)).toBe(true);
    expect(details.primary_account_number.slice(-4)).toBe(card.last4);
    expect(details.verification_code).toMatch(/^\d{3}$/);
    expect(details.pin).toMatch(/^\d{4}$/);
    expect([details.expiration_month, details.expiration_year]).toEqual([
      card.expiration_month,
      card.expiration_year,
    ]);
    expect(card.expiration_year).toBe(new Date().getUTCFullYear() + 3);

    expect((await increase.cards.update(card.id, { status: 'disabled' })).status).toBe('disabled');
    expect((await increase.cards.update(card.id, { status: 'active' })).status).toBe('active');
    expect((await increase.cards.update(card.id, { status: 'canceled' })).status).toBe('canceled');
    const revived = await increase.cards.update(card.id, { status: 'active' }).catch((e: unknown) => e);
    expect(revived).toBeInstanceOf(BadRequestError);
    expect((await increase.cards.retrieve(card.id)).status).toBe('canceled');
  });

  it('ships a physical card for a card', async () => {
    const { account } = await openAccount();
    const card = await increase.cards.create({ account_id: account.id });
    const physical = await increase.physicalCards.create({
      card_id: card.id,
      cardholder: { first_name: 'Ada', last_name: 'Lovelace' },
      shipment: physicalShipment,
      physical_card_profile_id: 'physical_card_profile_test',
    });
    expect(physical).toMatchObject({
      type: 'physical_card',
      card_id: card.id,
      status: 'active',
      physical_card_profile_id: 'physical_card_profile_test',
      cardholder: { first_name: 'Ada', last_name: 'Lovelace' },
      shipment: {
        method: 'usps',
        status: 'pending',
        address: { country: 'US', line2: null, postal_code: '62701' },
      },
    });
    expect(physical.id).toMatch(/^physical_card_/);
    expect(await increase.physicalCards.retrieve(physical.id)).toEqual(physical);

    // A parameter the SDK does not declare (the profile is `physical_card_profile_id`) is refused by name.
    const misnamed = await increase.physicalCards
      .create({
        card_id: card.id,
        cardholder: { first_name: 'Ada', last_name: 'Lovelace' },
        shipment: physicalShipment,
        card_profile_id: 'physical_card_profile_test',
      })
      .catch((e: unknown) => e);
    expect((misnamed as BadRequestError).error).toMatchObject({
      errors: [{ field: 'card_profile_id', message: 'is not a parameter' }],
    });
  });

  it('answers unknown objects and routes with NotFoundError, and oversized bodies with 413', async () => {
    expect(await increase.accounts.retrieve('account_missing').catch((e: unknown) => e)).toBeInstanceOf(
      NotFoundError,
    );
    expect(
      await increase.checkTransfers.retrieve('check_transfer_x').catch((e: unknown) => e),
    ).toBeInstanceOf(NotFoundError);
    const huge = await increase.accounts.create({ name: 'x'.repeat(1_100_000) }).catch((e: unknown) => e);
    expect(huge).toBeInstanceOf(APIError);
    expect((huge as APIError).status).toBe(413);
  });
});
