import { apiErrorCode, type ChatMode, type Citation, type EndpointBody, type KnownErrorCode, type MarketingFlow, streamEndpoint, type TokenUsage, TOTAL_BALANCE_TAG, useAppDispatch } from '@pagemate/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatApi } from './chat-api';

export interface ChatFailure {
  /** An API code, or INTERRUPTED when the stream ended without `done`. */
  code: KnownErrorCode | 'INTERRUPTED';
  message: string;
}

export interface UiMessage {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  usage: TokenUsage | null;
  state: 'streaming' | 'done' | 'stopped' | 'failed';
  failure?: ChatFailure;
  /** On an assistant message: what was asked, so a failed answer can be asked again. */
  request?: SendOptions & { message: string };
}

export interface SendOptions {
  temperature: number;
  fileIds?: string[];
  marketingFlow?: MarketingFlow;
}

let nextKey = 1;
const keyOf = (prefix: string) => `${prefix}-${nextKey++}`;

type Body = EndpointBody<'chatSend'>;

/**
 * One chat mode's open conversation: its messages, the answer streaming into the last one, stop, retry,
 * switching conversation. Local state is the truth while a conversation is open; it is loaded from the
 * server only when the user opens a past conversation.
 */
export function useChat(mode: ChatMode, userId: string | null) {
  const dispatch = useAppDispatch();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [historyFailed, setHistoryFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const conversationRef = useRef<string | null>(null);
  const openRequest = useRef(0);

  const stop = useCallback(() => controller.current?.abort(), []);
  // Leaving the page stops the answer: the server stops generating and charging.
  useEffect(() => () => controller.current?.abort(), []);

  const select = useCallback((id: string | null) => {
    controller.current?.abort();
    conversationRef.current = id;
    setConversationId(id);
    setMessages([]);
    setHistoryFailed(false);
  }, []);

  const newChat = useCallback(() => select(null), [select]);

  const open = useCallback(
    async (id: string) => {
      if (!userId) return;
      select(id);
      const request = ++openRequest.current;
      setLoadingHistory(true);
      const query = dispatch(chatApi.endpoints.conversation.initiate({ id, userId }, { forceRefetch: true }));
      try {
        const { messages: saved } = await query.unwrap();
        if (request !== openRequest.current) return;
        setMessages(
          saved.map((m) => ({
            key: m.message_id,
            role: m.role,
            content: m.content,
            citations: m.citations,
            usage: m.usage,
            state: m.interrupted ? 'stopped' : 'done',
          })),
        );
      } catch (error) {
        console.error('Loading the conversation failed', error);
        if (request === openRequest.current) setHistoryFailed(true);
      } finally {
        query.unsubscribe();
        if (request === openRequest.current) setLoadingHistory(false);
      }
    },
    [dispatch, select, userId],
  );

  const send = useCallback(
    async (message: string, options: SendOptions) => {
      const text = message.trim();
      if (!userId || text === '' || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      const assistantKey = keyOf('a');
      const patch = (change: (m: UiMessage) => UiMessage) =>
        setMessages((all) => all.map((m) => (m.key === assistantKey ? change(m) : m)));
      const finish = (state: UiMessage['state'], failure?: ChatFailure) =>
        patch((m) => (m.state === 'streaming' ? { ...m, state, failure } : m));
      setMessages((all) => [
        ...all,
        { key: keyOf('u'), role: 'user', content: text, citations: [], usage: null, state: 'done' },
        { key: assistantKey, role: 'assistant', content: '', citations: [], usage: null, state: 'streaming', request: { ...options, message: text } },
      ]);
      setStreaming(true);
      const body: Body = {
        user_id: userId,
        mode,
        message: text,
        temperature: options.temperature,
        ...(conversationRef.current ? { conversation_id: conversationRef.current } : {}),
        ...(options.fileIds && options.fileIds.length > 0 ? { file_ids: options.fileIds } : {}),
        ...(options.marketingFlow ? { marketing_flow: options.marketingFlow } : {}),
      };
      try {
        const outcome = await streamEndpoint('chatSend', body, {
          signal: abort.signal,
          onEvent: (event) => {
            switch (event.type) {
              case 'start':
                conversationRef.current = event.conversation_id;
                setConversationId(event.conversation_id);
                break;
              case 'delta':
                patch((m) => ({ ...m, content: m.content + event.text }));
                break;
              case 'citations':
                patch((m) => ({ ...m, citations: event.citations }));
                break;
              case 'done':
                patch((m) => ({ ...m, usage: event.usage }));
                finish('done');
                break;
              case 'error':
                finish('failed', { code: apiErrorCode(event), message: event.message });
                break;
            }
          },
        });
        finish(outcome.aborted ? 'stopped' : 'failed', { code: 'INTERRUPTED', message: '' });
      } catch (error) {
        finish('failed', { code: apiErrorCode(error), message: error instanceof Error ? error.message : String(error) });
      } finally {
        if (controller.current === abort) controller.current = null;
        setStreaming(false);
        // A new conversation, or a new title and order: the list asks again; an answer is charged: so does the balance.
        dispatch(chatApi.util.invalidateTags(['Conversations', TOTAL_BALANCE_TAG]));
      }
    },
    [dispatch, mode, userId],
  );

  /** Asks a failed answer again: the failed pair leaves the screen and the question is sent anew. */
  const retry = useCallback(
    (assistantKey: string) => {
      const index = messages.findIndex((m) => m.key === assistantKey);
      const request = messages[index]?.request;
      if (!request) return;
      setMessages((all) => all.filter((_, i) => i !== index && i !== index - 1));
      const { message, ...options } = request;
      void send(message, options);
    },
    [messages, send],
  );

  return { conversationId, messages, streaming, loadingHistory, historyFailed, send, stop, retry, open, newChat };
}
