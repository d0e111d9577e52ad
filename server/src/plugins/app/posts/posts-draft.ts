import { randomUUID } from 'node:crypto';
import { POST_LIMITS } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { buildPostDraftPrompt } from '../../../ai/post-draft.js';
import { LlmProviderError, type RetrievedPassage } from '../../../ai/llm.js';
import { countTokens } from '../../../ai/tokenizer.js';
import { AppError } from '../../../errors/app-error.js';
import { excerpt } from './posts-rules.js';

const DRAFT_PASSAGES = 4;
const DRAFT_MAX_OUTPUT_TOKENS = 800;

export interface PostDraft {
  content: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost: number };
}

/** The AI draft of a post: the page's documents as context, a hold on the balance first, the charge after. */
export function createPostDrafter(app: FastifyInstance) {
  const repo = app.postsRepository;
  const { ledger } = app;

  async function draft(userId: string, idea: string, pageId: string | undefined): Promise<PostDraft> {
    let fileIds: string[] | undefined;
    if (pageId !== undefined) {
      if (!(await app.facebookRepository.ownedPageIds(userId, [pageId])).has(pageId)) {
        throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
      }
      const [manager] = await app.facebookRepository.listManagers(userId, [pageId]);
      // The page's chosen documents; none chosen → every document of the user.
      if (manager && manager.files.length > 0) fileIds = await repo.documentFileIds(userId, manager.files);
    }
    let passages: RetrievedPassage[] = [];
    try {
      passages = fileIds?.length === 0 ? [] : await app.retrieval.search(userId, idea, { ...(fileIds ? { fileIds } : {}), limit: DRAFT_PASSAGES });
    } catch (error) {
      app.log.warn({ err: error }, 'posts: retrieval failed; drafting without documents');
    }
    const { system, messages } = buildPostDraftPrompt(idea, passages);
    const maxOutputTokens = Math.min(DRAFT_MAX_OUTPUT_TOKENS, app.config.llm.maxOutputTokens);
    const promptTokens = countTokens(system) + messages.reduce((sum, message) => sum + countTokens(message.content), 0);
    const chargeKey = `post-draft:${randomUUID()}`;
    // The hold first: a refused draft (402) never reaches the model.
    const { reservationId } = await ledger.reserve(userId, Math.max(1, ledger.costOf(promptTokens + maxOutputTokens)), `${chargeKey}:hold`, pageId ? { pageId } : {});
    let produced = '';
    let usage;
    try {
      const stream = app.llm.stream({ system, messages, temperature: 0.7, maxOutputTokens, signal: AbortSignal.timeout(120_000), context: passages, task: { mode: 'post_draft' } });
      for await (const piece of stream.deltas) produced += piece;
      usage = stream.usage();
    } catch (error) {
      await ledger.release(reservationId, `${chargeKey}:release`);
      const failure = error instanceof LlmProviderError ? error : new LlmProviderError('The AI model failed.', { cause: error });
      app.log.warn({ err: failure.cause ?? failure }, 'posts: the draft model failed');
      throw new AppError(503, 'UNAVAILABLE', 'The AI could not write the post right now. Please try again.');
    }
    const content = produced.trim().slice(0, POST_LIMITS.contentMaxChars);
    if (content === '') {
      await ledger.release(reservationId, `${chargeKey}:release`);
      throw new AppError(503, 'UNAVAILABLE', 'The AI wrote nothing for this idea. Please try again.');
    }
    const settlement = await ledger.settle(reservationId, { ...usage, message: `Post draft: ${excerpt(idea, 60)}` }, chargeKey);
    return {
      content,
      usage: { prompt_tokens: settlement.promptTokens, completion_tokens: settlement.completionTokens, total_tokens: settlement.totalTokens, cost: settlement.charged },
    };
  }

  return { draft };
}
