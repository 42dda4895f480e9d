import { CARD_PIN_MESSAGES, CARD_REVEAL_SECONDS } from '@keel/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVATE_PHYSICAL_CARD_MUTATION,
  CREATE_CARD_MUTATION,
  CREATE_CARD_REVEAL_TOKEN_MUTATION,
  SUSPEND_CARD_MUTATION,
  UNFREEZE_CARD_MUTATION,
} from './cardQueries';
import {
  ACCOUNT,
  card,
  cardsMock,
  cardTile,
  PHYSICAL,
  type renderCardsPage,
  renderCardsPageLoaded,
  VIRTUAL,
} from './cards.testkit';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CardsPage', () => {
  it('groups the cards Active and Inactive, each masked to its last 4 digits with CVV *** and its expiry', async () => {
    const frozen = card('c-frozen', 'Team lunches', 'virtual', 'suspended', '5151');
    await renderCardsPageLoaded({ mocks: [cardsMock([VIRTUAL, PHYSICAL, frozen])] });
    const active = screen.getByTestId('cards-group-Active');
    const inactive = screen.getByTestId('cards-group-Inactive');
    expect(
      within(active)
        .getAllByTestId('card-name')
        .map((name) => name.textContent),
    ).toEqual(['Software and ads', 'Team lunches']);
    expect(
      within(inactive)
        .getAllByTestId('card-name')
        .map((name) => name.textContent),
    ).toEqual(['Travel and meals']);
    const software = cardTile('Software and ads');
    expect(within(software).getByTestId('card-number')).toHaveTextContent('**** **** **** 4242');
    expect(within(software).getByTestId('card-cvv')).toHaveTextContent('***');
    expect(within(software).getByTestId('card-expiration')).toHaveTextContent('11/29');
    expect(within(software).getByTestId('card-status')).toHaveTextContent('Active');
    expect(within(cardTile('Team lunches')).getByTestId('card-status')).toHaveTextContent('Frozen');
    // Spec §4: an inactive card's description is red; an active one's is not.
    expect(
      within(cardTile('Travel and meals')).getByTestId('card-description').getAttribute('style'),
    ).toContain('red');
    expect(within(software).getByTestId('card-description').getAttribute('style') ?? '').not.toContain('red');
  });

  it('offers per status Activate, Freeze or the red Frozen control (spec §4)', async () => {
    const frozen = card('c-frozen', 'Team lunches', 'virtual', 'suspended');
    await renderCardsPageLoaded({ mocks: [cardsMock([VIRTUAL, PHYSICAL, frozen])] });
    const buttons = (name: string) =>
      within(cardTile(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons('Software and ads')).toEqual(['Reveal', 'Freeze', 'Limits', 'Transactions']);
    expect(buttons('Travel and meals')).toEqual(['Reveal', 'Activate', 'Limits', 'Transactions']);
    expect(buttons('Team lunches')).toEqual(['Reveal', 'Frozen', 'Limits', 'Transactions']);
    const control = within(cardTile('Team lunches')).getByRole('button', { name: 'Frozen' });
    expect(control.className).toMatch(/Button/);
    expect(control.getAttribute('style') ?? '').toContain('red');
  });

  it("says 'No cards yet' and offers Add Card with both kinds while the company has a Keel account", async () => {
    await renderCardsPageLoaded({ mocks: [cardsMock([])] });
    expect(screen.getByText('No cards yet. Add a card to get started.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Card' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['physical', 'virtual']);
    expect(within(dialog).getByText('Spends from Keel Checking ••9012.')).toBeInTheDocument();
  });

  it('offers only the kind the company lacks, and no Add Card once it holds both', async () => {
    const view = await renderCardsPageLoaded({ mocks: [cardsMock([VIRTUAL])] });
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Card' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['physical']);
    view.unmount();
    await renderCardsPageLoaded({ mocks: [cardsMock([VIRTUAL, PHYSICAL])] });
    expect(screen.queryByRole('button', { name: 'Add Card' })).not.toBeInTheDocument();
  });

  it('shows no Add Card without a Keel account, and points those who may open one to /apply', async () => {
    await renderCardsPageLoaded({ mocks: [cardsMock([], { accounts: [] })] });
    expect(screen.getByText('No cards yet. Add a card to get started.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'apply for one' })).toHaveAttribute('href', '/apply');
  });

  it('creates the kind chosen on the account, then reloads the list', async () => {
    const created = vi.fn(() => ({ data: { createTprimeCard: VIRTUAL } }));
    const listed = vi.fn(() => ({ data: { cards: [], providerBankAccounts: [ACCOUNT] } }));
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([], { result: listed }),
        {
          request: {
            query: CREATE_CARD_MUTATION,
            variables: { accountId: 'acct-1', cardType: 'virtual', name: 'Ads' },
          },
          result: created,
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Card' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Virtual Card/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Card name/ }), {
      target: { value: ' Ads ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create card' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create a Card' })).not.toBeInTheDocument(),
    );
    expect(created).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(listed).toHaveBeenCalledTimes(2));
  });

  it('freezes an active card and unfreezes a frozen one, reloading the list after each', async () => {
    const frozen = { ...VIRTUAL, status: 'suspended' };
    const suspend = vi.fn(() => ({ data: { suspendTprimeCard: frozen } }));
    const unfreeze = vi.fn(() => ({ data: { activateTprimeCard: VIRTUAL } }));
    let current = [VIRTUAL];
    const listed = vi.fn(() => ({ data: { cards: current, providerBankAccounts: [ACCOUNT] } }));
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([], { result: listed }),
        { request: { query: SUSPEND_CARD_MUTATION, variables: { id: VIRTUAL.id } }, result: suspend },
        { request: { query: UNFREEZE_CARD_MUTATION, variables: { id: VIRTUAL.id } }, result: unfreeze },
      ],
    });
    current = [frozen];
    fireEvent.click(within(cardTile('Software and ads')).getByRole('button', { name: 'Freeze' }));
    const control = await within(cardTile('Software and ads')).findByRole('button', { name: 'Frozen' });
    expect(within(cardTile('Software and ads')).getByTestId('card-status')).toHaveTextContent('Frozen');
    await waitFor(() => expect(control).not.toHaveAttribute('data-loading'));
    current = [VIRTUAL];
    fireEvent.click(control);
    const freeze = await within(cardTile('Software and ads')).findByRole('button', { name: 'Freeze' });
    expect(within(cardTile('Software and ads')).getByTestId('card-status')).toHaveTextContent('Active');
    await waitFor(() => expect(freeze).not.toHaveAttribute('data-loading'));
    expect(suspend).toHaveBeenCalledTimes(1);
    expect(unfreeze).toHaveBeenCalledTimes(1);
  });

  it("toasts a refused freeze with the server's message", async () => {
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([VIRTUAL]),
        {
          request: { query: SUSPEND_CARD_MUTATION, variables: { id: VIRTUAL.id } },
          result: { errors: [new GraphQLError('Only an active card can be frozen')] },
        },
      ],
    });
    fireEvent.click(within(cardTile('Software and ads')).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText('Card not frozen')).toBeInTheDocument();
    expect(screen.getByText('Only an active card can be frozen')).toBeInTheDocument();
    // The list is reloaded all the same (the refusal may be news: someone else froze it).
    await waitFor(() =>
      expect(
        within(cardTile('Software and ads')).getByRole('button', { name: 'Freeze' }),
      ).not.toHaveAttribute('data-loading'),
    );
  });

  it('shows the card actions and Reveal disabled to a bookkeeper, saying who can', async () => {
    await renderCardsPageLoaded({
      mocks: [cardsMock([VIRTUAL], { withAccounts: false })],
      viewerRole: 'bookkeeper',
    });
    for (const name of ['Add Card', 'Freeze']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    const reveal = within(cardTile('Software and ads')).getByRole('button', { name: 'Reveal' });
    expect(reveal).toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Freeze' }));
    expect(
      await screen.findByText('Only owners and admins can add, activate and freeze cards.'),
    ).toBeInTheDocument();
    fireEvent.mouseEnter(reveal);
    expect(
      await screen.findByText('Only owners, admins and card-only members can see full card numbers.'),
    ).toBeInTheDocument();
  });

  it("welcomes a card-only member in the company's name above the company's cards", async () => {
    await renderCardsPageLoaded({
      mocks: [cardsMock([VIRTUAL], { withAccounts: false })],
      viewerRole: 'card_only',
    });
    expect(screen.getByTestId('card-only-welcome')).toHaveTextContent(
      'You are a card-only member of Acme Robotics',
    );
    expect(cardTile('Software and ads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Freeze' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('revealing a card', () => {
  function revealMocks() {
    return [
      cardsMock([VIRTUAL]),
      {
        request: { query: CREATE_CARD_REVEAL_TOKEN_MUTATION, variables: { id: VIRTUAL.id } },
        result: {
          data: {
            createCardRevealToken: {
              __typename: 'CardRevealToken',
              token: 'reveal-token',
              expiresAt: '2026-11-22T12:01:00.000Z',
              revealPath: `/api/v1/cards/${VIRTUAL.id}`,
            },
          },
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
    ];
  }

  function stubRevealReply(status = 200, body: unknown = null) {
    const fetch = vi.fn(async () =>
      Response.json(
        body ?? { primary_account_number: '4000001234564242', verification_code: '123', expiration: '11/29' },
        { status },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('shows the full number in groups of 4 and the CVV, and masks them again on a second click', async () => {
    const fetch = stubRevealReply();
    await renderCardsPageLoaded({ mocks: revealMocks() });
    const software = cardTile('Software and ads');
    fireEvent.click(within(software).getByRole('button', { name: 'Reveal' }));
    await waitFor(() =>
      expect(within(software).getByTestId('card-number')).toHaveTextContent('4000 0012 3456 4242'),
    );
    expect(within(software).getByTestId('card-cvv')).toHaveTextContent('123');
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(`/api/v1/cards/${VIRTUAL.id}`);
    expect(init.headers).toMatchObject({ 'x-reveal-token': 'reveal-token' });
    fireEvent.click(within(software).getByRole('button', { name: 'Hide' }));
    expect(within(software).getByTestId('card-number')).toHaveTextContent('**** **** **** 4242');
    expect(within(software).getByTestId('card-cvv')).toHaveTextContent('***');
  });

  it(`masks them again by itself after ${CARD_REVEAL_SECONDS} seconds`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubRevealReply();
    await renderCardsPageLoaded({ mocks: revealMocks() });
    const software = cardTile('Software and ads');
    fireEvent.click(within(software).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(within(software).getByTestId('card-cvv')).toHaveTextContent('123'));
    act(() => vi.advanceTimersByTime(CARD_REVEAL_SECONDS * 1000 - 1000));
    expect(within(software).getByTestId('card-cvv')).toHaveTextContent('123');
    act(() => vi.advanceTimersByTime(1000));
    expect(within(software).getByTestId('card-cvv')).toHaveTextContent('***');
    expect(within(software).getByTestId('card-number')).toHaveTextContent('**** **** **** 4242');
  });

  it('says so when the reveal is refused, and keeps the card masked', async () => {
    stubRevealReply(401, {
      status: 401,
      type: 'invalid_reveal_token',
      title: 'Unauthorized',
      detail: 'This reveal token has expired: ask for a new one',
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderCardsPageLoaded({ mocks: revealMocks() });
    fireEvent.click(within(cardTile('Software and ads')).getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('This reveal token has expired: ask for a new one')).toBeInTheDocument();
    expect(within(cardTile('Software and ads')).getByTestId('card-cvv')).toHaveTextContent('***');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('activating a physical card', () => {
  async function openActivation(extraMocks: Parameters<typeof renderCardsPage>[0]['mocks'] = []) {
    await renderCardsPageLoaded({ mocks: [cardsMock([PHYSICAL]), ...extraMocks] });
    fireEvent.click(within(cardTile('Travel and meals')).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate card' });
    return { dialog, pin: within(dialog).getByLabelText(/Card PIN/) };
  }

  // Ten steps, each re-rendering the page with its modal: on two busy cores it takes several seconds.
  it("checks the PIN on blur and on submit with spec §5's messages, sending nothing until it is valid", async () => {
    const activated = vi.fn(() => ({
      data: { activateTprimePhysicalCard: { ...PHYSICAL, status: 'active' } },
    }));
    const { dialog, pin } = await openActivation([
      {
        request: { query: ACTIVATE_PHYSICAL_CARD_MUTATION, variables: { id: PHYSICAL.id, pin: '1234' } },
        result: activated,
      },
    ]);
    fireEvent.blur(pin);
    expect(await within(dialog).findByText(CARD_PIN_MESSAGES.required)).toBeInTheDocument();
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.blur(pin);
    expect(await within(dialog).findByText(CARD_PIN_MESSAGES.length)).toBeInTheDocument();
    // The box takes digits only: letters typed or pasted never reach it.
    fireEvent.change(pin, { target: { value: 'abcd' } });
    expect(pin).toHaveValue('');
    fireEvent.change(pin, { target: { value: '1a2b3' } });
    expect(pin).toHaveValue('123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText(CARD_PIN_MESSAGES.length)).toBeInTheDocument();
    fireEvent.change(pin, { target: { value: '123456' } });
    expect(pin).toHaveValue('1234');
    expect(activated).not.toHaveBeenCalled();
    fireEvent.change(pin, { target: { value: '1234' } });
    // The refused submit above may still be checking the PIN (its message was already showing): while it
    // runs the button is busy and a click on it does nothing.
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toBeEnabled());
    fireEvent.click(activate);
    expect(
      await screen.findByText('Travel and meals is active', {}, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(activated).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Activate card' })).not.toBeInTheDocument(),
    );
  }, 30_000);

  it("shows the server's refusal of the PIN under the field", async () => {
    const { dialog, pin } = await openActivation([
      {
        request: { query: ACTIVATE_PHYSICAL_CARD_MUTATION, variables: { id: PHYSICAL.id, pin: '9999' } },
        result: {
          errors: [
            new GraphQLError('Card PIN must be numeric', {
              extensions: { code: 'BAD_USER_INPUT', field: 'pin' },
            }),
          ],
        },
      },
    ]);
    fireEvent.change(pin, { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('Card PIN must be numeric')).toBeInTheDocument();
  });
});
