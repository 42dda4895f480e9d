import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError, print } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storageKeys';
import { CHAT_MESSAGE_DELAY_MS } from '../../lib/timers';
import {
  askMock,
  chatMessage,
  citation,
  ENTITY_ID,
  modelMode,
  question,
  renderAssistantChat,
  reply,
  SUBSCRIPTION,
  THREAD_ID,
  threadMock,
  threadUpdate,
} from './assistant.testkit';
import { CREATE_CHAT_MESSAGE_MUTATION } from './assistantQueries';
import { CHAT_GREETING } from './ChatPanel';

/** Longer than the chat message delay, for what waits behind it. */
const AFTER_DELAY = { timeout: CHAT_MESSAGE_DELAY_MS + 1500 };
/** Tests that wait out the delay and follow a link: room for a busy machine. */
const SLOW_TEST_MS = 15_000;

const panel = () => screen.getByRole('dialog', { name: 'Ask Keel AI' });
const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const messages = () => screen.queryAllByTestId('chat-message');

async function openChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Ask Keel AI' }));
  return panel();
}

async function ask(text: string) {
  const user = userEvent.setup();
  await user.type(questionBox(), text);
  await user.keyboard('{Enter}');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AssistantChat', () => {
  it('opens the panel with a typing indicator, then the greeting after the chat message delay', async () => {
    vi.useFakeTimers();
    renderAssistantChat();
    await openChat();
    expect(screen.getByRole('heading', { name: 'Ask Keel AI' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Keel AI is typing' })).toBeInTheDocument();
    expect(screen.queryByTestId('chat-greeting')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(CHAT_MESSAGE_DELAY_MS - 1));
    expect(screen.queryByTestId('chat-greeting')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('chat-greeting')).toHaveTextContent(CHAT_GREETING);
    expect(screen.queryByRole('status', { name: 'Keel AI is typing' })).not.toBeInTheDocument();
  });

  it('says under its title that the built-in question reader answers, not an AI model, and lists what it understands on request', async () => {
    renderAssistantChat();
    await openChat();
    const note = "Answers from your books with Keel's built-in question reader, not an AI model.";
    expect(await within(panel()).findByText(note)).toBeInTheDocument();
    expect(panel()).toHaveAccessibleDescription(note);
    expect(within(panel()).queryByText(/figures link to their source/)).not.toBeInTheDocument();

    const disclosure = within(panel()).getByRole('button', { name: 'What can I ask?' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel()).queryByRole('list', { name: 'What I understand' })).not.toBeInTheDocument();
    fireEvent.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const list = within(panel()).getByRole('list', { name: 'What I understand' });
    expect(disclosure).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Totals, averages and changes of any report line over any period: "rev last month", "opex Q3"',
      'Vendors: "how much did we pay AWS last month"',
      'Hiring plan: "headcount in March", "open roles"',
    ]);
    fireEvent.click(disclosure);
    expect(within(panel()).queryByRole('list', { name: 'What I understand' })).not.toBeInTheDocument();
  });

  it('names the model under its title when a model answers, with no list of what the reader understands', async () => {
    renderAssistantChat([], { mode: modelMode('gpt-4o-mini') });
    await openChat();
    const note = 'Answers from your books with gpt-4o-mini; figures link to their source.';
    expect(await within(panel()).findByText(note)).toBeInTheDocument();
    expect(panel()).toHaveAccessibleDescription(note);
    expect(within(panel()).queryByText(/not an AI model/)).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'What can I ask?' })).not.toBeInTheDocument();
    // The title and the button keep the spec's name in both modes.
    expect(screen.getByRole('heading', { name: 'Ask Keel AI' })).toBeInTheDocument();
  });

  it(
    'greets without claiming to be a model and suggests one question of each kind, asking one when pressed',
    async () => {
      const answer = reply({ content: 'Revenue in October 2026 was $412,000.00.', status: 'complete' });
      renderAssistantChat([
        askMock('Revenue last month', { userMessage: question('Revenue last month'), message: answer }),
        threadMock(() => [question('Revenue last month'), answer]),
      ]);
      await openChat();
      const greeting = await screen.findByTestId('chat-greeting', {}, AFTER_DELAY);
      expect(greeting).toHaveTextContent(
        'Hi! Ask me about your books: any report line over any period, what you paid a vendor, cash and runway, the hiring plan, or a what-if. Each answer links to the figures it used.',
      );
      expect(greeting).not.toHaveTextContent(/\bI'm Keel AI\b/);
      const suggestions = screen.getByRole('group', { name: 'Suggested questions' });
      expect(
        within(suggestions)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([
        'Revenue last month',
        'How much did we pay AWS last month?',
        'Runway if we hire two engineers at $150k',
      ]);
      fireEvent.click(within(suggestions).getByRole('button', { name: 'Revenue last month' }));
      expect(
        await screen.findByText('Revenue in October 2026 was $412,000.00.', {}, AFTER_DELAY),
      ).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Suggested questions' })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'links a vendor answer to its transactions and a hiring answer to the hiring plan',
    async () => {
      const answer = reply({
        content: 'You paid AWS $12,400.00 in October 2026 (1 transaction). 3 roles are open.',
        status: 'complete',
        citations: [
          citation({
            label: 'Paid to AWS in Oct 2026',
            amountCents: 1_240_000,
            accountId: null,
            accountName: null,
            month: '2026-10',
            reportUrl: '/transactions?search=AWS',
          }),
          citation({
            label: 'Annual salaries of 3 open roles',
            amountCents: 45_000_000,
            accountId: null,
            accountName: null,
            month: null,
            reportUrl: '/hiring-plan',
          }),
        ],
      });
      renderAssistantChat([
        askMock('AWS and open roles', {
          userMessage: question('AWS and open roles'),
          message: answer,
        }),
        threadMock(() => [question('AWS and open roles'), answer]),
      ]);
      await openChat();
      await ask('AWS and open roles');

      const sources = await screen.findByRole('region', { name: 'Sources' }, AFTER_DELAY);
      const links = within(sources).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Paid to AWS in Oct 2026: $12,400.00', '/transactions?search=AWS'],
        ['Annual salaries of 3 open roles: $450,000.00', '/hiring-plan'],
      ]);
      fireEvent.click(links[0] as HTMLElement);
      expect(screen.getByTestId('location')).toHaveTextContent('/transactions?search=AWS');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await openChat();
      fireEvent.click(
        within(panel()).getByRole('link', { name: 'Annual salaries of 3 open roles: $450,000.00' }),
      );
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/hiring-plan$/);
    },
    SLOW_TEST_MS,
  );

  it('sends the question with createOpenaiMessage, shows it at once and keeps the new thread', async () => {
    const sent = vi.fn();
    const mock = askMock('What is our runway?', { userMessage: question(), message: reply() });
    renderAssistantChat([
      {
        ...mock,
        delay: 300,
        result: () => {
          sent();
          return mock.result as never;
        },
      },
      threadMock(() => [question(), reply()]),
    ]);
    await openChat();
    await ask('What is our runway?');

    // The question shows before the server has answered; the box is emptied and waits for the reply.
    expect(messages().map((message) => message.textContent)).toEqual(['What is our runway?']);
    expect(questionBox()).toHaveValue('');
    expect(questionBox()).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Keel AI is typing' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.chatThreads) ?? '{}')).toEqual({
        [ENTITY_ID]: THREAD_ID,
      }),
    );
    // Still one question on screen: the stored one took the place of the one on its way.
    expect(messages().filter((message) => message.dataset.role === 'user')).toHaveLength(1);
  });

  it('asks for a streamed reply (stream: true)', () => {
    expect(print(CREATE_CHAT_MESSAGE_MUTATION)).toMatch(/createOpenaiMessage\([^)]*stream: true/);
  });

  it('streams the reply in through threadWasUpdated, no sooner than the delay, then lists its sources', async () => {
    let server = [question(), reply()];
    const { live } = renderAssistantChat([
      askMock('What is our runway?', { userMessage: question(), message: reply() }),
      threadMock(() => server),
    ]);
    await openChat();
    await ask('What is our runway?');
    await waitFor(() => expect(live.subscribers(SUBSCRIPTION)).toHaveLength(1));
    expect(live.subscribers(SUBSCRIPTION)[0]?.variables).toEqual({
      entityId: ENTITY_ID,
      threadId: THREAD_ID,
    });
    await live.connect(SUBSCRIPTION);

    const tell = (changed: ReturnType<typeof reply>) => {
      server = [question(), changed];
      live.push(SUBSCRIPTION, threadUpdate(changed, server));
    };
    tell(reply({ content: 'Your runway is 21 months, ' }));
    // The reply waits for the chat message delay behind the typing indicator, then shows as it grows.
    expect(screen.queryByTestId('chat-message-text')).not.toBeInTheDocument();
    expect(await screen.findByTestId('chat-message-text', {}, AFTER_DELAY)).toHaveTextContent(
      'Your runway is 21 months,',
    );
    expect(questionBox()).toBeDisabled();
    tell(reply({ content: 'Your runway is 21 months, counted from November 2026.\n- Cash out: Aug 2028' }));
    await waitFor(() => expect(screen.getByRole('listitem')).toHaveTextContent('Cash out: Aug 2028'));

    tell(
      reply({
        content: 'Your runway is 21 months, counted from November 2026.\n- Cash out: Aug 2028',
        status: 'complete',
        citations: [citation()],
      }),
    );
    const sources = await screen.findByRole('region', { name: 'Sources' });
    expect(within(sources).getByRole('link')).toHaveTextContent('Cash at the end of Nov 2026: $3,838,551.72');
    await waitFor(() => expect(questionBox()).toBeEnabled());
  });

  it('links each source to its cell in the Financial Report and closes the panel when followed', async () => {
    const answer = reply({
      content: 'Top spending in October 2026:\n1. Salaries: $263,921.60\n2. Rent: $22,000',
      status: 'complete',
      citations: [
        citation({
          label: 'Salaries in Oct 2026',
          amountCents: 26_392_160,
          reportUrl:
            '/financial?account=Expense%2FOperating+Expenses%2FPayroll%2FSalaries&month=2026-10&type=actual&expand=true',
        }),
        citation({ label: 'Rent in Oct 2026', amountCents: 2_200_000, reportUrl: null }),
        citation({ label: 'Elsewhere', amountCents: 100, reportUrl: 'https://example.test/phish' }),
      ],
    });
    renderAssistantChat([
      askMock('Top spending last month', {
        userMessage: question('Top spending last month'),
        message: answer,
      }),
      threadMock(() => [question('Top spending last month'), answer]),
    ]);
    await openChat();
    await ask('Top spending last month');

    const sources = await screen.findByRole('region', { name: 'Sources' }, AFTER_DELAY);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain(
      'Salaries: $263,921.60',
    );
    const links = within(sources).getAllByRole('link');
    // Only a path of this app is a link: one without a cell, or leading elsewhere, is plain text.
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Salaries in Oct 2026: $263,921.60');
    expect(links[0]).toHaveAttribute(
      'href',
      '/financial?account=Expense%2FOperating+Expenses%2FPayroll%2FSalaries&month=2026-10&type=actual&expand=true',
    );
    expect(within(sources).getByText('Rent in Oct 2026: $22,000.00')).toBeInTheDocument();
    expect(within(sources).getByText('Elsewhere: $1.00')).toBeInTheDocument();

    fireEvent.click(links[0] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/financial?account=Expense%2FOperating+Expenses%2FPayroll%2FSalaries&month=2026-10&type=actual&expand=true',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Reopened, the conversation is as it was.
    await openChat();
    expect(within(panel()).getByText('Salaries in Oct 2026: $263,921.60')).toBeInTheDocument();
  });

  it('shows a failed reply with its error, and asks the question again', async () => {
    const failed = reply({
      status: 'failed',
      error: "Keel AI couldn't answer just now. Please try again in a moment.",
    });
    const second = reply({ id: 'm-4', content: 'Your runway is 21 months.', status: 'complete' });
    renderAssistantChat([
      askMock(
        'What is our runway?',
        { userMessage: question(), message: failed, errors: [failed.error ?? ''] },
        null,
      ),
      askMock(
        'What is our runway?',
        { userMessage: question('What is our runway?', 'm-3'), message: second },
        THREAD_ID,
      ),
      threadMock(() => [question(), failed]),
    ]);
    await openChat();
    await ask('What is our runway?');

    expect(await screen.findByTestId('chat-message-error', {}, AFTER_DELAY)).toHaveTextContent(
      "Keel AI couldn't answer just now. Please try again in a moment.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your runway is 21 months.', {}, AFTER_DELAY)).toBeInTheDocument();
    expect(messages().filter((message) => message.dataset.role === 'user')).toHaveLength(2);
  });

  it('says in a sentence when questions come too fast, and puts the question back to send again', async () => {
    renderAssistantChat([
      {
        request: {
          query: CREATE_CHAT_MESSAGE_MUTATION,
          variables: { entityId: ENTITY_ID, content: 'What is our burn?', threadId: null },
        },
        result: {
          errors: [
            new GraphQLError('Too many questions at once: wait a moment and ask again', {
              extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 42 },
            }),
          ],
        },
      },
    ]);
    await openChat();
    await screen.findByTestId('chat-greeting', {}, AFTER_DELAY);
    await ask('What is our burn?');

    expect(await screen.findByTestId('chat-error')).toHaveTextContent(
      "You've asked a lot of questions in the last minute. Please take a breather and ask again in 42 s.",
    );
    expect(screen.queryByRole('status', { name: 'Keel AI is typing' })).not.toBeInTheDocument();
    expect(messages()).toHaveLength(0);
    expect(questionBox()).toHaveValue('What is our burn?');
    expect(questionBox()).toBeEnabled();
  });

  it('says when Keel cannot be reached', async () => {
    renderAssistantChat([
      {
        request: {
          query: CREATE_CHAT_MESSAGE_MUTATION,
          variables: { entityId: ENTITY_ID, content: 'What is our burn?', threadId: null },
        },
        error: new TypeError('Failed to fetch'),
      },
    ]);
    await openChat();
    await ask('What is our burn?');
    expect(await screen.findByTestId('chat-error')).toHaveTextContent(
      "Couldn't reach Keel. Check your connection and try again.",
    );
  });

  it('sends nothing empty or longer than 4,000 characters', async () => {
    const sent = vi.fn();
    renderAssistantChat([
      {
        request: { query: CREATE_CHAT_MESSAGE_MUTATION, variables: () => true },
        result: () => {
          sent();
          return { data: null };
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
    ]);
    await openChat();
    expect(sendButton()).toBeDisabled();
    await ask('   ');
    fireEvent.click(sendButton());

    expect(questionBox()).toHaveAttribute('maxlength', '4000');
    expect(screen.getByTestId('chat-character-count')).toHaveTextContent('3 / 4,000');
    fireEvent.change(questionBox(), { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByTestId('chat-character-count')).toHaveTextContent('4,001 / 4,000');
    expect(screen.getByText('At most 4,000 characters')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    fireEvent.keyDown(questionBox(), { key: 'Enter' });

    fireEvent.change(questionBox(), { target: { value: 'x'.repeat(4000) } });
    expect(sendButton()).toBeEnabled();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(sent).not.toHaveBeenCalled();
    expect(messages()).toHaveLength(0);
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    renderAssistantChat();
    await openChat();
    const user = userEvent.setup();
    await user.type(questionBox(), 'Top spending{Shift>}{Enter}{/Shift}last month');
    expect(questionBox()).toHaveValue('Top spending\nlast month');
    expect(messages()).toHaveLength(0);
  });

  it('reopens the last conversation of the company, and starts a new one on request', async () => {
    window.localStorage.setItem(STORAGE_KEYS.chatThreads, JSON.stringify({ [ENTITY_ID]: THREAD_ID }));
    const answer = chatMessage({
      id: 'm-2',
      role: 'assistant',
      content: 'Cash at the end of November 2026 is $3,838,551.72.',
    });
    renderAssistantChat([threadMock(() => [question('How much cash do we have?'), answer])]);
    await openChat();

    expect(await screen.findByText('Cash at the end of November 2026 is $3,838,551.72.')).toBeInTheDocument();
    expect(screen.getByText('How much cash do we have?')).toBeInTheDocument();
    expect(screen.getByTestId('chat-greeting')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(messages()).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.chatThreads)).toBe('{}');
    expect(await screen.findByTestId('chat-greeting', {}, AFTER_DELAY)).toBeInTheDocument();
  });

  it('closes on Escape and on its close button, giving the focus back to the chat button', async () => {
    renderAssistantChat();
    await openChat();
    fireEvent.keyDown(questionBox(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask Keel AI' })).toHaveFocus());

    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Close Ask Keel AI' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
