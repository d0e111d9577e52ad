import { splitSentences } from '../documents/sentences.js';
import { countTokens } from './tokenizer.js';
import { foldedWords, hasUnit, isStopword, isVietnamese, queryTerms, type QueryTerms } from './terms.js';
import { countedUsage, type LlmProvider, type LlmRequest, type LlmStream, type PageReplyTask, type RetrievedPassage } from './llm.js';
import { customerTextsOf, PAGE_REPLY_TEXT, pageReplyFallback, safeDisplayName } from './page-reply.js';

export interface LocalEngineOptions {
  /** A pause between streamed pieces (tests use it to stop an answer midway); 0 by default. */
  chunkDelayMs?: number;
}

type Lang = 'vi' | 'en';

interface Sentence {
  text: string;
  /** 1-based number of the passage in the context, as cited: [n]. */
  source: number;
  /** Position in the context, to keep the document's order. */
  position: number;
  score: number;
}

const EXCERPT_WORDS = 25;
const WORDS_PER_PIECE = 3;

/** Sentences and lines of a passage; table rows and list items are lines of their own, "TP. Hồ Chí Minh" is not cut. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap(splitSentences)
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** Distinct question words a sentence has, plus half a point per syllable pair of the question it has side by side. */
function scoreSentence(words: string[], terms: QueryTerms): number {
  let score = terms.units.filter((unit) => hasUnit(words, unit, terms.stems)).length;
  if (terms.pairs.length > 0) {
    const pairs = new Set(words.slice(1).map((word, index) => `${words[index] ?? ''} ${word}`));
    for (const pair of terms.pairs) if (pairs.has(pair)) score += 0.5;
  }
  return score;
}

/** Every sentence of the passages that shares a word with the question, best first. */
function rankSentences(passages: readonly RetrievedPassage[], question: string, terms: QueryTerms = queryTerms(question)): Sentence[] {
  const ranked: Sentence[] = [];
  let position = 0;
  passages.forEach((passage, passageIndex) => {
    for (const text of sentencesOf(passage.text)) {
      position += 1;
      const score = scoreSentence(foldedWords(text), terms);
      // Ties go to the passage retrieval ranked higher.
      if (score > 0) ranked.push({ text, source: passageIndex + 1, position, score: score + 0.01 / (passageIndex + 1) });
    }
  });
  ranked.sort((a, b) => b.score - a.score || a.position - b.position);
  const best = ranked[0]?.score ?? 0;
  // Keep what is close to the best: a sentence matching one common word of a five-word question is noise.
  return ranked.filter((sentence) => sentence.score >= Math.max(1, best * 0.4));
}

function shorten(text: string, words: number): string {
  const all = text.split(/\s+/);
  return all.length <= words ? text : `${all.slice(0, words).join(' ')}…`;
}

function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), Math.floor(max / 2))).trimEnd()}…`;
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('vi') + text.slice(1);

const TEXT = {
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
    keywords: 'Từ khóa',
    meta: 'Meta description',
    intro: 'Giới thiệu',
    highlights: 'Điểm nổi bật',
    conclusion: 'Kết luận',
    guideSuffix: 'hướng dẫn đầy đủ',
    hint: (keyword: string) => `_(Gợi ý: mô tả cụ thể ${keyword} của bạn — lợi ích, giá, cách dùng, ví dụ thực tế.)_`,
    closing: (keyword: string) => `Bạn muốn tìm hiểu thêm về ${keyword}? Hãy nhắn tin cho chúng tôi để được tư vấn miễn phí.`,
    draft: 'Bản nháp bài viết chuẩn SEO:',
    ideasLead: 'Đây là 5 ý tưởng bài viết dành cho bạn:',
    ideasFromDocs: 'Đây là 5 ý tưởng bài viết dựa trên tài liệu của bạn:',
    pick: 'Bạn chọn ý tưởng nào (1–5)? Gửi số thứ tự, hoặc sửa lại ý tưởng theo ý bạn, mình sẽ viết bài chi tiết.',
    ideaTemplates: [
      (k: string) => `Hướng dẫn chọn ${k} phù hợp cho người mới bắt đầu`,
      (k: string) => `5 sai lầm thường gặp với ${k} và cách tránh`,
      (k: string) => `${capitalize(k)}: những câu hỏi thường gặp và giải đáp`,
      (k: string) => `Bí quyết tận dụng ${k} để tăng doanh số`,
      (k: string) => `Câu chuyện khách hàng: ${k} đã tạo ra khác biệt thế nào`,
    ],
    genericIdeas: [
      'Cách tăng doanh số bán hàng online cho cửa hàng nhỏ',
      'Chăm sóc khách hàng qua Facebook Messenger: 7 mẹo thực tế',
      'Viết mô tả sản phẩm chuẩn SEO thu hút người mua',
      'Lên lịch đăng bài Facebook để tiếp cận nhiều khách hơn',
      'Xây dựng lòng tin khách hàng bằng đánh giá và phản hồi',
    ],
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
    keywords: 'Keywords',
    meta: 'Meta description',
    intro: 'Introduction',
    highlights: 'Highlights',
    conclusion: 'Conclusion',
    guideSuffix: 'a complete guide',
    hint: (keyword: string) => `_(Hint: describe your ${keyword} concretely — benefits, price, how to use it, a real example.)_`,
    closing: (keyword: string) => `Want to know more about ${keyword}? Message us for free advice.`,
    draft: 'An SEO article draft:',
    ideasLead: 'Here are 5 article ideas for you:',
    ideasFromDocs: 'Here are 5 article ideas based on your documents:',
    pick: 'Which idea do you pick (1–5)? Send its number, or reword it as you like, and I will write the full article.',
    ideaTemplates: [
      (k: string) => `How to choose the right ${k}: a beginner's guide`,
      (k: string) => `5 common mistakes with ${k} and how to avoid them`,
      (k: string) => `${capitalize(k)}: frequently asked questions answered`,
      (k: string) => `Getting more sales out of ${k}`,
      (k: string) => `A customer story: the difference ${k} made`,
    ],
    genericIdeas: [
      'How a small shop can grow its online sales',
      'Customer care on Facebook Messenger: 7 practical tips',
      'Writing SEO product descriptions that sell',
      'Scheduling Facebook posts to reach more customers',
      'Building customer trust with reviews and replies',
    ],
  },
} as const;

/** The answer to a question from the passages, in the style the temperature asks for; undefined when nothing matches. */
function answerFromPassages(question: string, passages: readonly RetrievedPassage[], temperature: number, lang: Lang): string | undefined {
  const ranked = rankSentences(passages, question);
  if (ranked.length === 0) return undefined;
  const text = TEXT[lang];
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

interface Keyword {
  /** As first written, diacritics kept. */
  text: string;
  folded: string;
  count: number;
}

/** The most frequent meaningful words and word pairs of `texts`, pairs first (they say more). */
function keywordsOf(texts: readonly string[], max: number): Keyword[] {
  const counts = new Map<string, Keyword>();
  const add = (folded: string, original: string) => {
    const known = counts.get(folded);
    if (known) known.count += 1;
    else counts.set(folded, { text: original.toLocaleLowerCase('vi'), folded, count: 1 });
  };
  for (const text of texts) {
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    const folded = words.map((word) => foldedWords(word).join(''));
    folded.forEach((word, index) => {
      const meaningful = (w: string | undefined): w is string => w !== undefined && w.length >= 2 && !isStopword(w) && !/^\d+$/.test(w);
      if (!meaningful(word)) return;
      if (word.length >= 3) add(word, words[index] ?? word);
      const next = folded[index + 1];
      if (meaningful(next)) add(`${word} ${next}`, `${words[index] ?? ''} ${words[index + 1] ?? ''}`);
    });
  }
  const all = [...counts.values()];
  const pairs = all.filter((k) => k.folded.includes(' ')).sort((a, b) => b.count - a.count);
  const singles = all.filter((k) => !k.folded.includes(' ')).sort((a, b) => b.count - a.count);
  const chosen: Keyword[] = [];
  for (const keyword of [...pairs.filter((k) => k.count >= 2), ...pairs.slice(0, 2), ...singles]) {
    // "giá bán" makes "giá" and "bán" alone redundant.
    if (chosen.some((c) => c.folded === keyword.folded || c.folded.split(' ').includes(keyword.folded))) continue;
    chosen.push(keyword);
    if (chosen.length === max) break;
  }
  return chosen;
}

/** Marketing "I have an idea": an SEO article draft — title, meta description, keywords, H2/H3 outline with paragraphs. */
function articleDraft(idea: string, passages: readonly RetrievedPassage[], lang: Lang): string {
  const text = TEXT[lang];
  const ideaSentences = sentencesOf(idea);
  const firstSentence = ideaSentences[0] ?? idea;
  const shortIdea = firstSentence.split(/\s+/).length < 8;
  const title = capitalize(truncateChars(shortIdea ? `${firstSentence.replace(/[.!?…]+$/u, '')}: ${text.guideSuffix}` : firstSentence.replace(/[.!?…]+$/u, ''), 70));
  const keywords = keywordsOf([idea, idea, ...passages.map((passage) => passage.text)], 6);
  const mainKeyword = keywords[0]?.text ?? firstSentence;
  const meta = truncateChars(`${title}. ${ideaSentences.slice(1).join(' ') || (passages[0] ? sentencesOf(passages[0].text)[0] ?? '' : '')}`.trim(), 160);
  const lines = [text.draft, '', `# ${title}`, '', `**${text.meta}:** ${meta}`, '', `**${text.keywords}:** ${keywords.map((k) => k.text).join(', ')}`, ''];
  lines.push(`## ${text.intro}`, '', idea.trim(), '');
  for (const keyword of keywords.slice(0, 3)) {
    lines.push(`## ${capitalize(keyword.text)}`, '', `### ${text.highlights}`, '');
    const facts = rankSentences(passages, keyword.text).slice(0, 2);
    const fromIdea = ideaSentences.filter((sentence) => foldedWords(sentence).join(' ').includes(keyword.folded)).slice(0, 1);
    const paragraph = [...fromIdea, ...facts.map((fact) => `${fact.text} [${fact.source}]`)];
    lines.push(paragraph.length > 0 ? paragraph.join(' ') : text.hint(keyword.text), '');
  }
  lines.push(`## ${text.conclusion}`, '', text.closing(mainKeyword));
  return lines.join('\n');
}

/** The numbered ideas of an earlier answer, when the user now picks one by its number. */
function pickedIdea(request: LlmRequest, question: string): string | undefined {
  const number = /^\D{0,20}([1-5])\D{0,10}$/u.exec(question.trim())?.[1];
  if (!number) return undefined;
  const previous = request.messages.findLast((message) => message.role === 'assistant')?.content ?? '';
  return new RegExp(`^${number}\\. (.+)$`, 'mu').exec(previous)?.[1];
}

/** Marketing "I have no idea": five concrete ideas from the documents' frequent terms (or small-business classics). */
function articleIdeas(passages: readonly RetrievedPassage[], lang: Lang): string {
  const text = TEXT[lang];
  const keywords = keywordsOf(passages.map((passage) => passage.text), 5);
  const ideas =
    keywords.length >= 3
      ? text.ideaTemplates.map((template, index) => template((keywords[index % keywords.length] ?? keywords[0])?.text ?? ''))
      : [...text.genericIdeas];
  return [keywords.length >= 3 ? text.ideasFromDocs : text.ideasLead, '', ...ideas.map((idea, index) => `${index + 1}. ${idea}`), '', text.pick].join('\n');
}

/** Sentences a page reply never repeats, whatever the documents say: text written to steer a model. */
const STEERING =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?)\b|system\s*prompt|(bỏ qua|phớt lờ|quên)\s.{0,40}(hướng dẫn|chỉ dẫn|quy tắc|lệnh)|\byou are now\b|bây giờ (bạn|mày) là\s|<\/?\s*[a-z_]+\s*>|＜|＞/iu;

/** Words customers address the page with ("shop ơi", "ad", "chị"), folded: they say nothing about the question. */
const ADDRESSING = new Set('shop ad admin page fanpage em anh chi co chu bac hi hello chao alo oi a ak nha nhe'.split(' '));

const PAGE_REPLY_SENTENCES = { comment: 2, message: 3 } as const;
const PAGE_REPLY_SENTENCE_WORDS = 40;

/** A document sentence as plain chat text: no list marks, headings, emphasis or table bars; ending with a stop. */
function plainSentence(text: string): string {
  const plain = text
    .replace(/^\s*(?:[-*+•>]|#{1,6}|\d+[.)])\s+/u, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s*\|\s*/g, ' – ')
    .replace(/^[\s–]+|[\s–]+$/gu, '')
    .replace(/\s+/g, ' ');
  const short = shorten(plain, PAGE_REPLY_SENTENCE_WORDS);
  return /[.!?…:]$/u.test(short) ? short : `${short}.`;
}

/**
 * The page bot's reply (DESIGN: server/src/bot): a greeting by name, the few sentences of the shop's documents
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

const POST_DRAFT_TEXT = {
  vi: {
    facts: 'Điều bạn cần biết:',
    closing: 'Nhắn tin cho page hoặc để lại bình luận để được tư vấn nhé!',
    hashtags: ['#shoponline', '#uudai', '#muasamonline'],
  },
  en: {
    facts: 'What you should know:',
    closing: 'Send us a message or leave a comment to find out more!',
    hashtags: ['#shoplocal', '#smallbusiness', '#newpost'],
  },
} as const;
const POST_DRAFT_FACTS = 3;
/** Folded words that describe the post rather than its subject ("giới thiệu…", "announce…"): never hashtags. */
const POST_WORDS = new Set('gioi thieu dang bai viet quang cao gia dong announce introduce introducing post share new price'.split(' '));
const POST_DRAFT_HASHTAGS = 5;

/** A hashtag of a keyword: its words run together, letters and digits only ("bánh mì" → #bánhmì). */
function hashtagOf(keyword: string): string | undefined {
  const body = keyword
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '')
    .toLocaleLowerCase('vi');
  return body.length >= 3 && !/^\p{N}/u.test(body) ? `#${body}` : undefined;
}

/**
 * A Facebook post from the user's idea (the post manager's draft): the idea as the opening paragraph, the document
 * sentences that speak to it (plain text, no citation marks, no steering sentences), a call to action, then 3–5
 * hashtags. Vietnamese or English by the idea's language; never a markdown heading.
 */
function postDraft(request: LlmRequest): string {
  const idea = (request.messages.findLast((message) => message.role === 'user')?.content ?? '').trim();
  const lang: Lang = isVietnamese(idea) ? 'vi' : 'en';
  const text = POST_DRAFT_TEXT[lang];
  const opening = sentencesOf(idea)
    .map((sentence) => plainSentence(sentence))
    .join(' ');
  const seen = new Set<string>();
  const facts = rankSentences(request.context, idea)
    .filter((sentence) => !STEERING.test(sentence.text) && (isVietnamese(sentence.text) ? 'vi' : 'en') === lang)
    .filter((sentence) => {
      const key = foldedWords(sentence.text).join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, POST_DRAFT_FACTS)
    .sort((a, b) => a.position - b.position)
    .map((sentence) => `✔️ ${plainSentence(sentence.text)}`);
  const tags: string[] = [];
  // Word pairs only when they recur (a name like "bánh mì", not two neighbours once); no words about the post itself.
  const keywords = keywordsOf([idea, ...request.context.map((passage) => passage.text)], POST_DRAFT_HASHTAGS * 2).filter(
    (keyword) => (!keyword.folded.includes(' ') || keyword.count >= 2) && !keyword.folded.split(' ').some((word) => POST_WORDS.has(word)),
  );
  for (const keyword of keywords.slice(0, POST_DRAFT_HASHTAGS)) {
    const tag = hashtagOf(keyword.text);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  for (const generic of text.hashtags) if (tags.length < 3 && !tags.includes(generic)) tags.push(generic);
  const paragraphs = [capitalize(opening || idea)];
  if (facts.length > 0) paragraphs.push([text.facts, ...facts].join('\n'));
  paragraphs.push(text.closing, tags.slice(0, POST_DRAFT_HASHTAGS).join(' '));
  return paragraphs.join('\n\n');
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
  return mode === 'basic' ? TEXT[lang].offline : TEXT[lang].notFound;
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
