import type { ChatMode, MarketingFlow } from '@pagemate/shared-contracts/contracts';
import { countTokens } from './tokenizer.js';

/** A passage retrieval found for a question, numbered by its position in `context` ([1] is the first). */
export interface RetrievedPassage {
  chunkId: string;
  fileId: string;
  fileName: string;
  collectionName: string;
  locator: string;
  title: string | null;
  text: string;
  /** Higher is better; only comparable within one search. */
  rank: number;
}

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  system: string;
  /** The conversation so far, ending with the user's new message. */
  messages: LlmMessage[];
  temperature: number;
  maxOutputTokens: number;
  /** Aborting stops the answer (the user pressed stop or went away); the stream then ends without error. */
  signal: AbortSignal;
  /**
   * The passages the system prompt numbers (a page bot adds its shop profile's notes after them); a remote model
   * reads them in the prompt, the local engine answers from them.
   */
  context: RetrievedPassage[];
  /** What is asked for; remote models learn it from the system prompt, the local engine from here. */
  task: LlmTask;
}

/** A document-chat answer (the chat service). */
export interface ChatTask {
  mode: ChatMode;
  marketingFlow?: MarketingFlow;
}

/** The page bot's reply to a Facebook comment or Messenger message, in the page's voice (`server/src/bot`). */
export interface PageReplyTask {
  mode: 'page_reply';
  reply: {
    kind: 'comment' | 'message';
    customerName: string;
    pageName: string;
    botName: string | null;
  };
}

/**
 * A Facebook post drafted from the user's idea (the post manager): a few short paragraphs and 3–5 hashtags, in the
 * idea's language, no headings. The idea is the last user message; `context` holds passages of their documents.
 */
export interface PostDraftTask {
  mode: 'post_draft';
}

/** Discriminated by `mode`. */
export type LlmTask = ChatTask | PageReplyTask | PostDraftTask;

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface LlmStream {
  /** The answer in pieces, as produced. Throws `LlmProviderError` when the model fails. */
  deltas: AsyncIterable<string>;
  /**
   * Tokens of the call, read once `deltas` has ended (finished, failed or aborted): what the provider
   * reported when it did, else counted with the o200k tokenizer on what was sent and what was received.
   */
  usage(): LlmUsage;
}

/** docs/architecture.md §4: one interface for every model — an OpenAI-compatible endpoint or the embedded local engine. */
export interface LlmProvider {
  readonly name: 'local' | 'openai';
  stream(request: LlmRequest): LlmStream;
  /** Vectors of `texts`, when the provider offers embeddings. */
  embed?(texts: string[]): Promise<number[][]>;
}

/** The model could not answer (unreachable, timed out, refused); the message is safe to show. */
export class LlmProviderError extends Error {
  override name = 'LlmProviderError';
}

/** Counted usage: the prompt as a chat model sees it, and the text produced. */
export function countedUsage(request: Pick<LlmRequest, 'system' | 'messages'>, produced: string): LlmUsage {
  const promptTokens = countTokens(request.system) + request.messages.reduce((sum, message) => sum + countTokens(message.content), 0);
  return { promptTokens, completionTokens: countTokens(produced) };
}
