/** The embedded engine's writing: marketing article ideas and drafts, and the post manager's post drafts. */

import { foldedWords, isStopword, isVietnamese } from './terms.js';
import type { LlmRequest, RetrievedPassage } from './llm.js';
import { capitalize, type Lang, plainSentence, rankSentences, sentencesOf, STEERING, truncateChars } from './local-sentences.js';

const ARTICLE_TEXT = {
  vi: {
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
export function articleDraft(idea: string, passages: readonly RetrievedPassage[], lang: Lang): string {
  const text = ARTICLE_TEXT[lang];
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
export function pickedIdea(request: LlmRequest, question: string): string | undefined {
  const number = /^\D{0,20}([1-5])\D{0,10}$/u.exec(question.trim())?.[1];
  if (!number) return undefined;
  const previous = request.messages.findLast((message) => message.role === 'assistant')?.content ?? '';
  return new RegExp(`^${number}\\. (.+)$`, 'mu').exec(previous)?.[1];
}

/** Marketing "I have no idea": five concrete ideas from the documents' frequent terms (or small-business classics). */
export function articleIdeas(passages: readonly RetrievedPassage[], lang: Lang): string {
  const text = ARTICLE_TEXT[lang];
  const keywords = keywordsOf(passages.map((passage) => passage.text), 5);
  const ideas =
    keywords.length >= 3
      ? text.ideaTemplates.map((template, index) => template((keywords[index % keywords.length] ?? keywords[0])?.text ?? ''))
      : [...text.genericIdeas];
  return [keywords.length >= 3 ? text.ideasFromDocs : text.ideasLead, '', ...ideas.map((idea, index) => `${index + 1}. ${idea}`), '', text.pick].join('\n');
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
export function postDraft(request: LlmRequest): string {
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
