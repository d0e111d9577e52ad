/**
 * What the page bot's prompt (`server/src/plugins/app/bot/bot-prompt.ts`) and the local engine's page replies share: how a
 * customer's words are fenced in the messages, and the names and stock sentences a reply may use. Kept here, in
 * the AI layer, so the engine never imports the bot.
 */

export const CUSTOMER_TAG = 'customer_message';

const ZERO_WIDTH = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;

/**
 * Customer text made safe to fence: no angle brackets (shown as their full-width look-alikes, so no closing tag
 * or fake `<passages>` can be written), no invisible characters, at most `max` characters.
 */
export function neutraliseCustomerText(text: string, max: number): string {
  const clean = text.replace(ZERO_WIDTH, '').replaceAll('<', '＜').replaceAll('>', '＞').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A person's display name reduced to letters, spaces, apostrophes and hyphens (no digits, dots or slashes: a
 * name cannot smuggle a phone number or a link into a greeting), at most 40 characters; '' when nothing is left.
 */
export function safeDisplayName(name: string): string {
  const letters = name
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .replace(/[^\p{L}\p{M}\s'’-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (letters.length <= 40) return letters;
  const cut = letters.slice(0, 40);
  const space = cut.lastIndexOf(' ');
  return (space >= 10 ? cut.slice(0, space) : cut).trim();
}

/** The page's name for a sentence, or null when it looks like a link, an e-mail or a number (the page chose it, but a reply must not carry what the documents do not). */
export function safePageName(name: string): string | null {
  const clean = name.normalize('NFKC').replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim().slice(0, 60).trim();
  if (clean.length === 0 || /[./\\@<>:]|\d{5,}/u.test(clean)) return null;
  return clean;
}

/** One customer item as it appears in the messages. */
export function wrapCustomerMessage(customerName: string, text: string, max: number): string {
  const from = safeDisplayName(customerName).replaceAll("'", '’') || 'customer';
  return `<${CUSTOMER_TAG} from="${from}">\n${neutraliseCustomerText(text, max)}\n</${CUSTOMER_TAG}>`;
}

/** The customer texts of one user message, in order; the message itself when it carries no tag. */
export function customerTextsOf(content: string): string[] {
  const texts = [...content.matchAll(new RegExp(`<${CUSTOMER_TAG}\\b[^>]*>([\\s\\S]*?)</${CUSTOMER_TAG}>`, 'gu'))].map((match) => (match[1] ?? '').trim());
  return texts.length > 0 ? texts : [content.trim()];
}

export type ReplyLang = 'vi' | 'en';

export const PAGE_REPLY_TEXT = {
  vi: {
    greeting: (name: string) => (name ? `Dạ, chào anh/chị ${name}!` : 'Dạ, chào anh/chị!'),
    closing: 'Anh/chị cần thêm thông tin gì cứ nhắn cho shop nhé!',
    fallback: (page: string | null) =>
      `${page ?? 'Shop'} đã nhận được câu hỏi của anh/chị và sẽ phản hồi anh/chị trong thời gian sớm nhất ạ. Anh/chị vui lòng chờ shop một chút nhé!`,
  },
  en: {
    greeting: (name: string) => (name ? `Hi ${name}!` : 'Hi there!'),
    closing: 'If you need anything else, just send us a message!',
    fallback: (page: string | null) => `${page ? `${page} has` : 'We have'} received your question and will get back to you shortly. Thank you for your patience!`,
  },
} as const;

/** "The shop received your question and will get back to you shortly", greeting the customer by (a safe form of) their name. */
export function pageReplyFallback(lang: ReplyLang, pageName: string, customerName: string): string {
  const text = PAGE_REPLY_TEXT[lang];
  return `${text.greeting(safeDisplayName(customerName))} ${text.fallback(safePageName(pageName))}`;
}
