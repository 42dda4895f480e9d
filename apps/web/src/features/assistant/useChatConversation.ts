import { useApolloClient, useMutation } from '@apollo/client/react';
import { CHAT_QUESTION_MAX_CHARS } from '@keel/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { graphqlErrorCode } from '../../lib/graphqlClient';
import { useLiveSubscription } from '../../lib/useLiveSubscription';
import {
  CHAT_THREAD_QUERY,
  type ChatMessage,
  CREATE_CHAT_MESSAGE_MUTATION,
  THREAD_WAS_UPDATED_SUBSCRIPTION,
} from './assistantQueries';
import { lastChatThreadId, rememberChatThread } from './chatThreadStore';
import { describeChatError } from './describeChatError';
import { mergeChatMessages } from './mergeChatMessages';
import { useChatDelay } from './useChatDelay';

/** While the live updates are down and a reply is being written, the thread is read this often. */
const CHAT_POLL_INTERVAL_MS = 1_000;

const NO_MESSAGES: readonly ChatMessage[] = [];

/** What went wrong, for the user, and what 'Try again' does: send the question again, or read the thread. */
export type ChatError = { message: string; retry: 'send' | 'restore' };

export type ChatConversation = {
  /** The messages to show, oldest first: the reply to a question just asked waits for the delay. */
  messages: readonly ChatMessage[];
  /** The question on its way to the server, shown at once. */
  pendingQuestion: string | null;
  /** Whether the greeting is shown (it waits for the delay on a new conversation). */
  greetingShown: boolean;
  /** The typing indicator: the greeting or a reply is on its way, no text of it shown yet. */
  typing: boolean;
  /** A reply is on its way: the composer waits. */
  busy: boolean;
  /** The last conversation is being read back. */
  restoring: boolean;
  /** Why the question last sent did not go ('send'), or why the last conversation could not be read. */
  error: ChatError | null;
  /** Whether the conversation has anything to start over from. */
  started: boolean;
  /** Asks a question: false when it was not sent (empty, too long, busy, or refused: see `error`). */
  send(content: string): Promise<boolean>;
  /** Asks again the question a failed reply answered. */
  retryReply(replyId: string): void;
  /** Forgets this conversation: the next question starts a new thread. */
  startNew(): void;
  /** Reads the last conversation again after it failed to load. */
  retryRestore(): void;
};

/**
 * One 'Ask Keel AI' conversation in a company, from the first opening of the chat on: the user's last
 * thread there is read back (chatThread), else a new conversation opens with the greeting. A question
 * goes with createOpenaiMessage (stream: true; the first one starts the thread, remembered per company
 * in local storage); the reply's text then arrives through threadWasUpdated while the chat is open or a
 * reply is on its way. Events missed before the subscription was set up (a short reply may be written
 * before it is) or while it was down are not replayed, so the thread is read again each time it
 * connects, and polled while it is down and a reply is being written.
 *
 * The chat message delay (spec §9): the greeting of a new conversation, and the reply to a question,
 * show no sooner than CHAT_MESSAGE_DELAY_MS after the action, behind a typing indicator.
 */
export function useChatConversation(entityId: string, opened: boolean): ChatConversation {
  const client = useApolloClient();
  const [createMessage] = useMutation(CREATE_CHAT_MESSAGE_MUTATION);
  const [threadId, setThreadIdState] = useState<string | null>(null);
  const [messages, setMessages] = useState<readonly ChatMessage[]>(NO_MESSAGES);
  /** The question on its way, and how many messages the thread had when it was sent. */
  const [pending, setPending] = useState<{ content: string; after: number } | null>(null);
  /** Assistant messages from this index on answer the question last asked (they wait for the delay). */
  const [replyFrom, setReplyFrom] = useState(Number.POSITIVE_INFINITY);
  const [sending, setSending] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<ChatError | null>(null);
  const [started, setStarted] = useState(false);
  const greetingDelay = useChatDelay();
  const replyDelay = useChatDelay();

  // Read by callbacks that outlive a render (events, answers on their way).
  const threadRef = useRef(threadId);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  /** Bumped by 'New conversation': answers for the conversation before are dropped. */
  const generation = useRef(0);

  const setThreadId = useCallback(
    (id: string | null) => {
      threadRef.current = id;
      setThreadIdState(id);
      rememberChatThread(entityId, id);
    },
    [entityId],
  );
  const fold = useCallback((incoming: readonly ChatMessage[]) => {
    setMessages((known) => mergeChatMessages(known, incoming));
  }, []);

  const readThread = useCallback(
    async (id: string) => {
      const before = generation.current;
      const { data } = await client.query({
        query: CHAT_THREAD_QUERY,
        variables: { entityId, threadId: id },
        fetchPolicy: 'network-only',
      });
      if (generation.current === before && threadRef.current === id && data) fold(data.chatThread.messages);
    },
    [client, entityId, fold],
  );

  const restore = useCallback(
    async (id: string) => {
      setRestoring(true);
      setError(null);
      try {
        await readThread(id);
      } catch (failure) {
        // A thread that is gone (or another user's, after signing in as someone else) starts afresh.
        if (graphqlErrorCode(failure) === 'NOT_FOUND') setThreadId(null);
        else
          setError({
            message: `Your last conversation could not be loaded. ${describeChatError(failure)}`,
            retry: 'restore',
          });
      } finally {
        setRestoring(false);
      }
    },
    [readThread, setThreadId],
  );

  // The first opening: the last conversation here, or a new one with the greeting.
  const { hold: holdGreeting } = greetingDelay;
  useEffect(() => {
    if (!opened || started) return;
    setStarted(true);
    const stored = lastChatThreadId(entityId);
    if (stored) {
      threadRef.current = stored;
      setThreadIdState(stored);
      void restore(stored);
    } else {
      holdGreeting();
    }
  }, [opened, started, entityId, restore, holdGreeting]);

  const last = messages.at(-1);
  const replyStreaming = last?.role === 'assistant' && last.status === 'streaming';
  const { live } = useLiveSubscription(THREAD_WAS_UPDATED_SUBSCRIPTION, {
    variables: { entityId, threadId: threadId ?? '' },
    skip: threadId === null || !(opened || sending || replyStreaming),
    onData: (data) => {
      const update = data.threadWasUpdated;
      if (update.message.threadId === threadRef.current) fold(update.messages);
    },
    onConnected: () => {
      const id = threadRef.current;
      if (id) readThread(id).catch(() => undefined);
    },
  });

  useEffect(() => {
    if (threadId === null || live || !replyStreaming) return;
    const timer = setInterval(() => {
      readThread(threadId).catch(() => undefined);
    }, CHAT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [threadId, live, replyStreaming, readThread]);

  const busy = sending || replyDelay.holding || replyStreaming;
  const { hold: holdReply, release: releaseReply } = replyDelay;
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const content = raw.trim();
      if (content === '' || raw.length > CHAT_QUESTION_MAX_CHARS || busy) return false;
      const before = generation.current;
      holdReply();
      setError(null);
      setPending({ content, after: messagesRef.current.length });
      setReplyFrom(messagesRef.current.length);
      setSending(true);
      try {
        const { data } = await createMessage({
          variables: { entityId, content, threadId: threadRef.current },
        });
        if (generation.current !== before) return true;
        const payload = data?.createOpenaiMessage;
        if (!payload) throw new Error('No answer');
        if (payload.threadId && payload.threadId !== threadRef.current) setThreadId(payload.threadId);
        fold([payload.userMessage, payload.message].filter((message) => message !== null));
        // A reply that failed says why in itself; a refusal without one says it here.
        if (!payload.message && payload.errors.length > 0) {
          releaseReply();
          setError({ message: payload.errors.join(' '), retry: 'send' });
        }
        return true;
      } catch (failure) {
        if (generation.current !== before) return false;
        releaseReply();
        setError({ message: describeChatError(failure), retry: 'send' });
        return false;
      } finally {
        if (generation.current === before) {
          setPending(null);
          setSending(false);
        }
      }
    },
    [busy, entityId, createMessage, fold, holdReply, releaseReply, setThreadId],
  );

  const retryReply = useCallback(
    (replyId: string) => {
      const known = messagesRef.current;
      const index = known.findIndex((message) => message.id === replyId);
      const question = known.slice(0, Math.max(index, 0)).findLast((message) => message.role === 'user');
      if (question) void send(question.content);
    },
    [send],
  );

  const startNew = useCallback(() => {
    generation.current += 1;
    setThreadId(null);
    setMessages(NO_MESSAGES);
    setPending(null);
    setSending(false);
    setRestoring(false);
    setError(null);
    setReplyFrom(Number.POSITIVE_INFINITY);
    releaseReply();
    holdGreeting();
  }, [setThreadId, releaseReply, holdGreeting]);

  const retryRestore = useCallback(() => {
    const id = threadRef.current;
    if (id) void restore(id);
  }, [restore]);

  const shown = replyDelay.holding
    ? messages.filter((message, index) => index < replyFrom || message.role !== 'assistant')
    : messages;
  const pendingShown =
    pending !== null && !messages.slice(pending.after).some((message) => message.role === 'user');
  const lastShown = shown.at(-1);
  const typing =
    greetingDelay.holding ||
    (replyDelay.holding && error === null) ||
    sending ||
    (lastShown?.role === 'assistant' && lastShown.status === 'streaming' && lastShown.content === '');

  return {
    messages: shown,
    pendingQuestion: pendingShown ? pending.content : null,
    greetingShown: started && !greetingDelay.holding,
    typing,
    busy,
    restoring,
    error,
    started: threadId !== null || messages.length > 0 || pending !== null,
    send,
    retryReply,
    startNew,
    retryRestore,
  };
}
