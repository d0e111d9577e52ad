import { countTokens } from './tokenizer.js';
import { foldedWords, isVietnamese, queryTerms } from './terms.js';
import { countedUsage, type LlmProvider, type LlmRequest, type LlmStream, type PageReplyTask, type RetrievedPassage } from './llm.js';
import { customerTextsOf, PAGE_REPLY_TEXT, pageReplyFallback, safeDisplayName } from './page-reply.js';
import { type Lang, plainSentence, rankSentences, type Sentence, shorten, STEERING } from './local-sentences.js';
import { articleDraft, articleIdeas, pickedIdea, postDraft } from './local-writing.js';

export interface LocalEngineOptions {
  /** A pause between streamed pieces (tests use it to stop an answer midway); 0 by default. */
  chunkDelayMs?: number;
}

const EXCERPT_WORDS = 25;
const WORDS_PER_PIECE = 3;

/** The chat answers' fixed sentences. */
const ANSWER_TEXT = {
  vi: {
    verbatim: 'Trích nguyên văn từ tài liệu:',
    stable: 'Theo tài liệu:',
    flexible: 'Dựa trên tài liệu bạn chọn, đây là các ý chính:',
    inShort: 'Tóm lại',
    seeAlso: (file: string, locator: string) => `xem thêm ${file} (${locator})`,
    notFound:
      'Mình không tìm thấy nội dung nào liên quan đến câu hỏi này trong tài liệu đã chọn. Bạn có thể hỏi bằng từ khóa khác, hoặc tải lên / chọn tài liệu có chứa thông tin này.',
    offline:
      'Mình là trợ lý ngoại tuyến của PageMate: mình trả lời bằng cách tìm trong các tài liệu bạn đã tải lên, và chưa tìm thấy đoạn nào liên quan đến câu hỏi này. Hãy tải tài liệu lên trong phần quản lý tệp rồi hỏi lại. Để trò chuyện tự do, quản trị viên có thể kết nối một mô hình AI (biến môi trường LLM_BASE_URL).',
  },
  en: {
    verbatim: 'Verbatim from your documents:',
    stable: 'According to your documents:',
    flexible: 'Based on the documents you chose, here are the key points:',
    inShort: 'In short',
    seeAlso: (file: string, locator: string) => `see ${file} (${locator})`,
    notFound:
      'I found nothing related to this question in the chosen documents. Try other keywords, or upload / choose a document that contains this information.',
    offline:
      "I am PageMate's offline assistant: I answer by searching the documents you uploaded, and none of them has a passage about this question. Upload documents in the file manager and ask again. For open conversation, an administrator can connect an AI model (the LLM_BASE_URL setting).",
  },
} as const;

/** The answer to a question from the passages, in the style the temperature asks for; undefined when nothing matches. */
function answerFromPassages(question: string, passages: readonly RetrievedPassage[], temperature: number, lang: Lang): string | undefined {
  const ranked = rankSentences(passages, question);
  if (ranked.length === 0) return undefined;
  const text = ANSWER_TEXT[lang];
  const cite = (sentence: Sentence) => `${sentence.text} [${sentence.source}]`;
  if (temperature === 0) {
    // Exactly: the best sentences word for word, best first.
    return [text.verbatim, '', ...ranked.slice(0, 3).map((sentence) => `> ${cite(sentence)}`)].join('\n');
  }
  const count = temperature <= 0.5 ? 3 : temperature <= 0.7 ? 4 : 5;
  const chosen = ranked.slice(0, count);
  const inDocumentOrder = [...chosen].sort((a, b) => a.position - b.position);
  if (temperature <= 0.5) return `${text.stable} ${inDocumentOrder.map(cite).join(' ')}`;
  const lines = [text.flexible, '', ...inDocumentOrder.map((sentence) => `- ${cite(sentence)}`)];
  const best = chosen[0];
  const bestPassage = best ? passages[best.source - 1] : undefined;
  if (temperature >= 1 && best && bestPassage) {
    lines.push('', `**${text.inShort}:** ${shorten(best.text, EXCERPT_WORDS)} [${best.source}] — ${text.seeAlso(bestPassage.fileName, bestPassage.locator)}.`);
  }
  return lines.join('\n');
}
/** Words customers address the page with ("shop ơi", "ad", "chị"), folded: they say nothing about the question. */
const ADDRESSING = new Set('shop ad admin page fanpage em anh chi co chu bac hi hello chao alo oi a ak nha nhe'.split(' '));
const PAGE_REPLY_SENTENCES = { comment: 2, message: 3 } as const;
/**
 * The page bot's reply: a greeting by name, the few sentences of the shop's documents
 * that answer the customer's latest words, and a closing — or, when the documents hold nothing, the promise that
 * the shop will follow up. It only ever says document sentences and fixed text, so it cannot repeat a link, a
 * phone number or an instruction that only the customer wrote.
 */
function pageReply(request: LlmRequest, reply: PageReplyTask['reply']): string {
  const customerItems = request.messages.filter((message) => message.role === 'user').flatMap((message) => customerTextsOf(message.content));
  const latest = customerItems.at(-1) ?? '';
  const lang: Lang = isVietnamese(latest) ? 'vi' : 'en';
  const answering = (question: string) => {
    const all = queryTerms(question);
    const terms = { ...all, units: all.units.filter((unit) => !unit.every((alternative) => alternative.length === 1 && ADDRESSING.has(alternative[0] ?? ''))) };
    // A sentence sharing one word with a five-word question does not answer it.
    const needed = terms.units.length >= 3 ? 2 : 1;
    return terms.units.length === 0 ? [] : rankSentences(request.context, question, terms).filter((sentence) => sentence.score >= needed && !STEERING.test(sentence.text));
  };
  let ranked = answering(latest);
  // "Còn size M không?" after "Áo thun trắng giá bao nhiêu?": the earlier words say what it is about.
  if (ranked.length === 0 && customerItems.length > 1) ranked = answering(customerItems.slice(-3).join('\n'));
  if (ranked.length === 0) return pageReplyFallback(lang, reply.pageName, reply.customerName);
  // Documents in both languages: answer from those in the customer's.
  const sameLanguage = ranked.filter((sentence) => (isVietnamese(sentence.text) ? 'vi' : 'en') === lang);
  if (sameLanguage.length > 0) ranked = sameLanguage;
  const seen = new Set<string>();
  const chosen = ranked
    .filter((sentence) => {
      const key = foldedWords(sentence.text).join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, PAGE_REPLY_SENTENCES[reply.kind])
    .sort((a, b) => a.position - b.position);
  const text = PAGE_REPLY_TEXT[lang];
  return [text.greeting(safeDisplayName(reply.customerName)), ...chosen.map((sentence) => plainSentence(sentence.text)), text.closing].join(' ');
}
/** The whole answer; deterministic: the same request always gives the same text. */
export function composeLocalAnswer(request: LlmRequest): string {
  const task = request.task;
  if (task.mode === 'page_reply') return pageReply(request, task.reply);
  if (task.mode === 'post_draft') return postDraft(request);
  const question = request.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const lang: Lang = isVietnamese(question) ? 'vi' : 'en';
  const { mode, marketingFlow } = task;
  if (mode === 'marketing') {
    if (marketingFlow === 'no_idea') {
      const picked = pickedIdea(request, question);
      return picked ? articleDraft(picked, request.context, isVietnamese(picked) ? 'vi' : 'en') : articleIdeas(request.context, lang);
    }
    return articleDraft(question, request.context, lang);
  }
  const answer = answerFromPassages(question, request.context, request.temperature, lang);
  if (answer) return answer;
  return mode === 'basic' ? ANSWER_TEXT[lang].offline : ANSWER_TEXT[lang].notFound;
}

/** Pieces of a few words each, whitespace kept, so the client shows the answer growing as with a model. */
function piecesOf(answer: string): string[] {
  const words = answer.match(/\s*\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_PIECE) pieces.push(words.slice(index, index + WORDS_PER_PIECE).join(''));
  return pieces;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * The embedded default provider (docs/architecture.md §4): no network, deterministic, answering only from the passages
 * retrieval found — quoted or extracted, always cited, and saying so honestly when they hold no answer.
 */
export function createLocalEngine(options: LocalEngineOptions = {}): LlmProvider {
  const delayMs = options.chunkDelayMs ?? 0;

  function stream(request: LlmRequest): LlmStream {
    let produced = '';
    async function* deltas(): AsyncGenerator<string> {
      let tokens = 0;
      for (const piece of piecesOf(composeLocalAnswer(request))) {
        if (request.signal.aborted) return;
        // The same ceiling a model has: the answer stops at maxOutputTokens.
        tokens += countTokens(piece);
        if (tokens > request.maxOutputTokens) return;
        produced += piece;
        yield piece;
        if (delayMs > 0) await pause(delayMs, request.signal);
      }
    }
    return { deltas: deltas(), usage: () => countedUsage(request, produced) };
  }

  return { name: 'local', stream };
}
