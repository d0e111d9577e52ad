import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatMode, ChatStreamEvent, Citation, Conversation, endpoints, MarketingFlow } from '@pagemate/shared-contracts/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { type LlmMessage, type LlmProvider, LlmProviderError, type LlmUsage, type RetrievedPassage } from '../../../ai/llm.js';
import { countTokens } from '../../../ai/tokenizer.js';
import { AppError } from '../../../errors/app-error.js';
import type { Clock } from '../clock.js';
import { type Ledger, LedgerRefusal, type Settlement } from '../ledger/ledger-service.js';
import type { ChatRepository, ConversationRow, MessageRow } from './chat-repository.js';
import type { Retrieval } from './retrieval.js';
import { buildSystemPrompt } from './system-prompt.js';

export type ChatSendInput = z.infer<(typeof endpoints)['chatSend']['body']>;

/** A checked request, ready to answer: nothing is stored or charged yet. */
export interface ChatTurn {
  userId: string;
  /** The conversation the message goes to; `existing` unless this message starts it. */
  conversationId: string;
  existing: ConversationRow | undefined;
  mode: ChatMode;
  marketingFlow: MarketingFlow | undefined;
  fileIds: string[];
  message: string;
  temperature: number;
  history: LlmMessage[];
}

export type EmitEvent = (event: ChatStreamEvent) => void;

export interface ChatService {
  /** Checks a send (400/404 as JSON before any streaming): the conversation is the user's, fulldocs files too. */
  prepare(userId: string, input: ChatSendInput): Promise<ChatTurn>;
  /**
   * Answers a prepared turn as stream events: hold → store the question → `start` → `delta`s → `citations` →
   * store the answer → charge → `done`; or a single `error` when the balance refuses. Never throws.
   */
  answer(turn: ChatTurn, emit: EmitEvent, signal: AbortSignal): Promise<void>;
  conversations(userId: string, mode: ChatMode): Promise<Conversation[]>;
  conversation(userId: string, id: string): Promise<{ conversation: Conversation; messages: ChatMessage[] }>;
  deleteConversation(userId: string, id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

export interface ChatServiceDeps {
  repository: ChatRepository;
  retrieval: Retrieval;
  ledger: Ledger;
  provider: LlmProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  maxOutputTokens: number;
}

const TITLE_MAX_CHARS = 80;
/** Earlier messages sent with a new one: enough for follow-up questions, bounded in tokens (and cost). */
const HISTORY_MESSAGES = 10;
const HISTORY_MAX_CHARS = 12_000;
const PASSAGES_PER_ANSWER = 6;
const IDEA_SAMPLE_PASSAGES = 12;
const EXCERPT_CHARS = 300;

function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'No such conversation.');
}

export function titleOf(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= TITLE_MAX_CHARS ? flat : `${flat.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…`;
}

/** The last messages that fit the budget, oldest first; empty (failed) answers are left out. */
function historyOf(messages: readonly MessageRow[]): LlmMessage[] {
  const kept: LlmMessage[] = [];
  let chars = 0;
  for (const message of [...messages].reverse()) {
    if (message.content === '') continue;
    chars += message.content.length;
    if (kept.length === HISTORY_MESSAGES || chars > HISTORY_MAX_CHARS) break;
    kept.unshift({ role: message.role, content: message.content });
  }
  // A model expects the turns to start with the user.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}

/** The passages the answer cites ([n]); when it cites none, the ones it was given (the best three). */
function citationsOf(answer: string, passages: readonly RetrievedPassage[]): Citation[] {
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  const numbers = passages.map((_, index) => index + 1);
  const chosen = numbers.filter((n) => cited.has(n));
  return (chosen.length > 0 ? chosen : numbers.slice(0, 3)).map((n) => {
    const passage = passages[n - 1] as RetrievedPassage;
    const flat = passage.text.replace(/\s+/g, ' ').trim();
    return {
      index: n,
      chunk_id: passage.chunkId,
      file_id: passage.fileId,
      file_name: passage.fileName,
      collection_name: passage.collectionName,
      locator: passage.locator,
      excerpt: flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS - 1)}…`,
    };
  });
}

const toConversation = (row: ConversationRow): Conversation => ({
  conversation_id: row.id,
  mode: row.mode as ChatMode,
  title: row.title,
  file_ids: row.fileIds,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toMessage = (row: MessageRow): ChatMessage => ({
  message_id: row.id,
  role: row.role,
  content: row.content,
  citations: row.citations as Citation[],
  usage:
    row.promptTokens === null || row.completionTokens === null
      ? null
      : {
          prompt_tokens: row.promptTokens,
          completion_tokens: row.completionTokens,
          total_tokens: row.promptTokens + row.completionTokens,
          cost: row.cost ?? 0,
        },
  interrupted: row.interrupted !== 'no',
  created_at: row.createdAt.toISOString(),
});

/** The chat module's logic, independent of HTTP (the route streams what `answer` emits). */
export function createChatService(deps: ChatServiceDeps): ChatService {
  const { repository, retrieval, ledger, provider, clock, log, maxOutputTokens } = deps;

  async function ownConversation(userId: string, id: string): Promise<ConversationRow> {
    const row = await repository.findConversation(userId, id);
    if (!row) throw notFound();
    return row;
  }

  async function contextFor(turn: ChatTurn): Promise<RetrievedPassage[]> {
    const { userId, message } = turn;
    switch (turn.mode) {
      case 'fulldocs':
        return retrieval.search(userId, message, { fileIds: turn.fileIds, limit: PASSAGES_PER_ANSWER });
      case 'basic':
        return retrieval.search(userId, message, { limit: PASSAGES_PER_ANSWER });
      case 'marketing': {
        const found = await retrieval.search(userId, message, { limit: 4 });
        // No idea yet: the documents' own words are where ideas come from.
        return found.length === 0 && turn.marketingFlow === 'no_idea' ? retrieval.sample(userId, IDEA_SAMPLE_PASSAGES) : found;
      }
    }
  }

  const service: ChatService = {
    async prepare(userId, input) {
      const existing = input.conversation_id === undefined ? undefined : await ownConversation(userId, input.conversation_id);
      if (existing && existing.mode !== input.mode) {
        throw new AppError(400, 'BAD_REQUEST', `This conversation belongs to the ${existing.mode} chat.`);
      }
      let fileIds: string[] = [];
      if (input.mode === 'fulldocs') {
        fileIds = [...new Set(input.file_ids ?? existing?.fileIds ?? [])];
        if (fileIds.length === 0) throw new AppError(400, 'BAD_REQUEST', 'Choose at least one document to chat with.');
        const ready = new Set(await repository.readyFileIds(userId, fileIds));
        if (fileIds.some((id) => !ready.has(id))) {
          throw new AppError(400, 'BAD_REQUEST', 'Some chosen documents are not yours or are not indexed yet.');
        }
      }
      const marketingFlow =
        input.mode === 'marketing' ? (input.marketing_flow ?? (existing?.marketingFlow as MarketingFlow | null) ?? 'idea') : undefined;
      return {
        userId,
        conversationId: existing?.id ?? randomUUID(),
        existing,
        mode: input.mode,
        marketingFlow,
        fileIds,
        message: input.message,
        temperature: input.temperature,
        history: existing ? historyOf(await repository.listMessages(existing.id)) : [],
      };
    },

    async answer(turn, emit, signal) {
      let context: RetrievedPassage[];
      try {
        context = await contextFor(turn);
      } catch (error) {
        log.error({ err: error }, 'chat: retrieval failed');
        emit({ type: 'error', code: 'INTERNAL', message: 'The documents could not be searched. Please try again.' });
        return;
      }
      const system = buildSystemPrompt(turn.mode, turn.marketingFlow, turn.temperature, context);
      const messages: LlmMessage[] = [...turn.history, { role: 'user', content: turn.message }];
      const promptTokens = countTokens(system) + messages.reduce((sum, message) => sum + countTokens(message.content), 0);
      const assistantMessageId = randomUUID();
      const userMessageId = randomUUID();
      const chargeKey = `chat:${assistantMessageId}`;

      // The hold comes first: a refused answer stores nothing and calls no model.
      let reservationId: string;
      try {
        reservationId = (await ledger.reserve(turn.userId, Math.max(1, ledger.costOf(promptTokens + maxOutputTokens)), `${chargeKey}:hold`)).reservationId;
      } catch (error) {
        if (error instanceof LedgerRefusal) {
          emit({ type: 'error', code: error.code, message: error.message });
        } else {
          log.error({ err: error }, 'chat: reserving the answer cost failed');
          emit({ type: 'error', code: 'INTERNAL', message: 'The answer could not be started. Please try again.' });
        }
        return;
      }
      let settled = false;
      const releaseHold = async () => {
        if (settled) return;
        settled = true;
        await ledger.release(reservationId, `${chargeKey}:release`).catch((error: unknown) => log.error({ err: error, reservationId }, 'chat: releasing a hold failed'));
      };

      try {
        const now = clock.now();
        const newConversation = turn.existing
          ? undefined
          : { id: turn.conversationId, userId: turn.userId, mode: turn.mode, title: titleOf(turn.message), fileIds: turn.fileIds, marketingFlow: turn.marketingFlow ?? null };
        await repository.saveUserTurn(newConversation, turn.conversationId, { id: userMessageId, conversationId: turn.conversationId, role: 'user', content: turn.message, citations: [] }, now);
      } catch (error) {
        log.error({ err: error }, 'chat: storing the question failed');
        await releaseHold();
        emit({ type: 'error', code: 'INTERNAL', message: 'The message could not be saved. Please try again.' });
        return;
      }
      emit({ type: 'start', conversation_id: turn.conversationId, message_id: assistantMessageId, user_message_id: userMessageId });

      let produced = '';
      let failure: LlmProviderError | undefined;
      let usage: LlmUsage = { promptTokens, completionTokens: 0 };
      try {
        const stream = provider.stream({
          system,
          messages,
          temperature: turn.temperature,
          maxOutputTokens,
          signal,
          context,
          task: { mode: turn.mode, ...(turn.marketingFlow ? { marketingFlow: turn.marketingFlow } : {}) },
        });
        try {
          for await (const text of stream.deltas) {
            produced += text;
            emit({ type: 'delta', text });
            if (signal.aborted) break;
          }
        } catch (error) {
          failure = error instanceof LlmProviderError ? error : new LlmProviderError('The AI model failed.', { cause: error });
        }
        usage = stream.usage();
      } catch (error) {
        failure = new LlmProviderError('The AI model failed.', { cause: error });
      }
      if (failure) log.warn({ err: failure.cause ?? failure, provider: provider.name }, 'chat: the model failed');

      const interrupted = failure ? 'failed' : signal.aborted ? 'stopped' : 'no';
      const citations = produced === '' ? [] : citationsOf(produced, context);
      if (citations.length > 0 && !failure) emit({ type: 'citations', citations });

      try {
        // Nothing came back from a failed call: it costs the user nothing. Anything produced is paid for.
        let settlement: Settlement | undefined;
        if (failure && produced === '') {
          await releaseHold();
        } else {
          settlement = await ledger.settle(reservationId, { ...usage, message: `Chatbot ${turn.mode}: ${titleOf(turn.message)}` }, chargeKey);
          settled = true;
        }
        // A failed answer is kept too (empty when nothing came): the conversation shows it stopped.
        await repository.insertMessage(
          {
            id: assistantMessageId,
            conversationId: turn.conversationId,
            role: 'assistant',
            content: produced,
            citations,
            promptTokens: settlement ? usage.promptTokens : null,
            completionTokens: settlement ? usage.completionTokens : null,
            cost: settlement?.charged ?? null,
            interrupted,
          },
          clock.now(),
        );
        if (failure) {
          emit({ type: 'error', code: 'UNAVAILABLE', message: failure.message });
        } else if (settlement) {
          emit({
            type: 'done',
            usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: settlement.totalTokens, cost: settlement.charged },
          });
        }
      } catch (error) {
        log.error({ err: error }, 'chat: finishing the answer failed');
        await releaseHold();
        emit({ type: 'error', code: 'INTERNAL', message: 'The answer could not be saved. Please try again.' });
      }
    },

    async conversations(userId, mode) {
      return (await repository.listConversations(userId, mode)).map(toConversation);
    },

    async conversation(userId, id) {
      const row = await ownConversation(userId, id);
      return { conversation: toConversation(row), messages: (await repository.listMessages(row.id)).map(toMessage) };
    },

    async deleteConversation(userId, id) {
      if (!(await repository.deleteConversation(userId, id))) throw notFound();
    },
  };
  return service;
}

function chatServicePlugin(app: FastifyInstance) {
  app.decorate(
    'chat',
    createChatService({
      repository: app.chatRepository,
      retrieval: app.retrieval,
      ledger: app.ledger,
      provider: app.llm,
      clock: app.clock,
      log: app.log,
      maxOutputTokens: app.config.llm.maxOutputTokens,
    }),
  );
}

export default fp(chatServicePlugin, {
  name: 'chat-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'chat-repository', 'retrieval', 'llm-provider', 'ledger-service'],
});
