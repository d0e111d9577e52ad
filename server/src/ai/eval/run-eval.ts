import type { FastifyInstance } from 'fastify';
import { composeLocalAnswer } from '../local-engine.js';
import { wrapCustomerMessage } from '../page-reply.js';
import type { LlmRequest, RetrievedPassage } from '../llm.js';
import { foldedWords } from '../terms.js';
import { EVAL_CASES, type EvalCase, shopDocuments } from './shop-documents.js';

/** How many passages the answer may draw on, and the k of recall@k. */
export const EVAL_TOP_K = 5;

export interface EvalOutcome {
  question: string;
  /** The answering passage is among the first EVAL_TOP_K retrieved. */
  found: boolean;
  /** The page bot's reply to the question as a Messenger message. */
  reply: string;
  /** The full-documents chat's verbatim answer (temperature 0). */
  quote: string;
  /** Both state the fact, and carry the answering sentence whole (no word of it missing, nothing cut with "…"). */
  correct: boolean;
}

export interface EvalReport {
  cases: number;
  recallAt5: number;
  /** Share of questions both answers of which are correct. */
  correctShare: number;
  outcomes: EvalOutcome[];
}

/** Uploads the shop's documents for `userId` through the real upload service and runs their index jobs. */
export async function indexShopDocuments(app: FastifyInstance, userId: string): Promise<void> {
  for (const document of shopDocuments()) {
    await app.documents.upload(userId, { collectionName: 'Hương Quê', language: 'auto' }, document.fileName, document.bytes);
  }
  while ((await app.jobs.runDue()).claimed > 0) {
    // each round indexes what the uploads enqueued
  }
}

const folded = (text: string) => ` ${foldedWords(text).join(' ')} `;

/**
 * Correct: the answer states the fact and holds every word of the answering sentence in order (a sentence cut
 * after "TP." would lose "Hồ Chí Minh 2–3 ngày"), and no sentence of it was shortened with "…".
 */
export function answers(answer: string, item: Pick<EvalCase, 'fact' | 'passage'>): boolean {
  return folded(answer).includes(folded(item.fact)) && folded(answer).includes(folded(item.passage)) && !answer.includes('…');
}

function request(question: string, context: RetrievedPassage[], task: LlmRequest['task'], temperature: number): LlmRequest {
  const content = task.mode === 'page_reply' ? wrapCustomerMessage('Lan', question, 2_000) : question;
  return { system: '', messages: [{ role: 'user', content }], temperature, maxOutputTokens: 1_000, signal: new AbortController().signal, context, task };
}

/** Every question of the evaluation set, asked as `userId` (whose documents `indexShopDocuments` indexed). */
export async function runEvaluation(app: FastifyInstance, userId: string, cases: readonly EvalCase[] = EVAL_CASES): Promise<EvalReport> {
  const outcomes: EvalOutcome[] = [];
  for (const item of cases) {
    const passages = await app.retrieval.search(userId, item.question, { limit: EVAL_TOP_K });
    const reply = composeLocalAnswer(
      request(item.question, passages, { mode: 'page_reply', reply: { kind: 'message', customerName: 'Lan', pageName: 'Hương Quê', botName: null } }, 0.5),
    );
    const quote = composeLocalAnswer(request(item.question, passages, { mode: 'fulldocs' }, 0));
    outcomes.push({
      question: item.question,
      found: passages.some((passage) => passage.text.includes(item.passage)),
      reply,
      quote,
      correct: answers(reply, item) && answers(quote, item),
    });
  }
  const share = (count: number) => (cases.length === 0 ? 0 : count / cases.length);
  return {
    cases: cases.length,
    recallAt5: share(outcomes.filter((outcome) => outcome.found).length),
    correctShare: share(outcomes.filter((outcome) => outcome.correct).length),
    outcomes,
  };
}
