import { describe, expect, it } from 'vitest';
import { buildBotPrompt } from './bot-prompt.js';
import { linkIn } from './links.js';
import { capReply, fallbackReply, findPhones, guardReply, plainReply, REPLY_MAX_CHARS, type GuardOptions } from './reply-guard.js';

const { system } = buildBotPrompt(
  {
    pageName: 'Shop Xinh',
    config: { name: 'Bán hàng', role: 'Tư vấn', target: 'Nữ', mission: 'Chốt đơn', note: 'Hotline 0901 234 567' },
    identity: null,
    procedure: { name: 'Chốt đơn', procedure: 'Chào khách, hỏi size rồi báo giá theo bảng giá của shop, sau đó xin địa chỉ giao hàng của khách.' },
  },
  { kind: 'message', customerName: 'Lan', text: 'Giá áo thun?', history: [] },
  [
    {
      chunkId: 'c',
      fileId: 'f',
      fileName: 'bang-gia.docx',
      collectionName: 'Tài liệu',
      locator: 'p1',
      title: null,
      text: 'Áo thun cotton 100% giá 150.000đ, đặt hàng tại https://shopxinh.vn/ao-thun hoặc gọi 0901.234.567, có đủ size từ S đến XXL.',
      rank: 1,
    },
  ],
);

/** What the orchestrator would do: links and phones known when the documents or the config hold them. */
const DOCUMENTS = 'Áo thun cotton 100% giá 150.000đ, đặt hàng tại https://shopxinh.vn/ao-thun hoặc gọi 0901.234.567. Hotline 0901 234 567. Fanpage m.me/shopxinh';
const KNOWN_PHONES = new Set(findPhones(DOCUMENTS));
const options = (kind: 'comment' | 'message' = 'message'): GuardOptions => ({
  kind,
  systemPrompt: system,
  isKnownLink: (link) => Promise.resolve(linkIn(link, DOCUMENTS)),
  isKnownPhone: (digits) => Promise.resolve(KNOWN_PHONES.has(digits)),
});

describe('findPhones', () => {
  it('finds Vietnamese and international numbers in their common spellings, normalised', () => {
    expect(findPhones('0912 345 678, 0912.345.678, 0912-345-678, +84 912 345 678, +84 (0) 912 345 678, 84912345678')).toEqual(['0912345678']);
    expect(findPhones('(028) 3822 1234, 028.3822.1234, 1900 1234, 1800 123 456, +1 415 555 0123')).toEqual(['02838221234', '19001234', '1800123456', '14155550123']);
    expect(findPhones('0912345678 0987654321 và 0 9 8 7 6 5 4 3 2 1')).toEqual(['0912345678', '0987654321']);
    expect(findPhones('Zalo 987 654 321, STK 1903 5555 7777 01, gọi ０９８７６５４３２１, 0987 654 321đ')).toEqual(['0987654321', '19035555777701']);
  });

  it('ignores prices, years, dates, times, sizes and short order numbers', () => {
    expect(
      findPhones('Giá 150.000đ, 1.500.000 đồng, 350.000.000, 2,500,000 VND, 99k, năm 2024, 2023-2024, ngày 12/05/2024, 20.11.2024, 08:30, size 38 39 40 41 42, mã đơn #12345678, 50%'),
    ).toEqual([]);
  });
});

describe('plainReply and capReply', () => {
  it('strips markdown emphasis, headings, quotes, code and citation marks', () => {
    expect(plainReply('## Chào chị\n**Giá** áo là *150.000đ* [1][2] và __đẹp__ _lắm_ [3, 4]【4:0†source】.\n* một\n> `trích`')).toBe(
      'Chào chị\nGiá áo là 150.000đ và đẹp lắm.\n- một\ntrích',
    );
    expect(plainReply('Xem [trang shop](https://shopxinh.vn) [^1]')).toBe('Xem trang shop (https://shopxinh.vn)');
  });

  it('caps at a sentence, else at a word with "…", within the kind’s limit', () => {
    const sentences = 'Áo thun cotton giá 150.000đ. '.repeat(80);
    for (const kind of ['comment', 'message'] as const) {
      const capped = capReply(plainReply(sentences), REPLY_MAX_CHARS[kind]);
      expect(capped.length).toBeLessThanOrEqual(REPLY_MAX_CHARS[kind]);
      expect(capped.endsWith('150.000đ.')).toBe(true);
    }
    const words = capReply('từ '.repeat(600).trim(), 100);
    expect(words.length).toBeLessThanOrEqual(100);
    expect(words).toMatch(/từ…$/);
  });
});

describe('guardReply', () => {
  it('passes a clean reply, with the documents’ own links and phone numbers, as plain text', async () => {
    const verdict = await guardReply(
      '**Dạ**, áo thun giá 150.000đ [1] ạ. Chị đặt tại https://shopxinh.vn/ao-thun, nhắn m.me/shopxinh hoặc gọi +84 901 234 567 nhé! Shop giao trong năm 2024.',
      options(),
    );
    expect(verdict).toEqual({
      ok: true,
      text: 'Dạ, áo thun giá 150.000đ ạ. Chị đặt tại https://shopxinh.vn/ao-thun, nhắn m.me/shopxinh hoặc gọi +84 901 234 567 nhé! Shop giao trong năm 2024.',
    });
  });

  it('refuses foreign links and phone numbers', async () => {
    expect(await guardReply('Dạ, chị vào http://lua-dao.vn nhận quà nhé', options())).toEqual({ ok: false, reason: 'foreign_link', detail: 'http://lua-dao.vn' });
    expect(await guardReply('Dạ, chị vào shopxinh.vn.evil.com nhé', options())).toMatchObject({ ok: false, reason: 'foreign_link' });
    expect(await guardReply('Dạ, gọi ngay 0987 654 321 để nhận quà', options())).toEqual({ ok: false, reason: 'foreign_phone', detail: '0987654321' });
  });

  it('refuses an empty reply', async () => {
    expect(await guardReply('  **  [1] \n', options())).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses prompt leaks: a marker, a tag, a long run of the rules — not a quote of the documents or the procedure', async () => {
    expect(await guardReply('Sure! My rules are PMBOT-RULES-v1…', options())).toMatchObject({ ok: false, reason: 'prompt_leak' });
    expect(await guardReply('Here: <customer_message from="Lan">', options())).toMatchObject({ ok: false, reason: 'prompt_leak' });
    expect(await guardReply('Nội dung: ＜passages＞ ...', options())).toMatchObject({ ok: false, reason: 'prompt_leak' });
    const run = 'Use only facts written in the passages or in the shop profile. Never invent prices, discounts';
    expect(await guardReply(`OK: ${run.toUpperCase().replace(/ /g, '  ')}`, options())).toMatchObject({ ok: false, reason: 'prompt_leak' });
    // Long verbatim quotes of the shop's own texts are what a good reply does.
    expect(await guardReply('Dạ, áo thun cotton 100% giá 150.000đ, đặt hàng tại https://shopxinh.vn/ao-thun hoặc gọi 0901.234.567, có đủ size từ S đến XXL ạ.', options())).toMatchObject({ ok: true });
    expect(await guardReply('Dạ, shop sẽ chào khách, hỏi size rồi báo giá theo bảng giá của shop, sau đó xin địa chỉ giao hàng của khách ạ.', options())).toMatchObject({ ok: true });
  });

  it('caps the length per kind', async () => {
    const long = 'Áo thun cotton giá 150.000đ rất đẹp và bền. '.repeat(100);
    const comment = await guardReply(long, options('comment'));
    const message = await guardReply(long, options('message'));
    expect(comment.ok && comment.text.length <= REPLY_MAX_CHARS.comment && comment.text.length > 900).toBe(true);
    expect(message.ok && message.text.length <= REPLY_MAX_CHARS.message && message.text.length > 1_700).toBe(true);
  });
});

describe('fallbackReply', () => {
  it('is polite, in the customer’s language, and passes the guard even for hostile names', async () => {
    expect(fallbackReply('vi', 'Shop Xinh', 'Lan Anh')).toBe(
      'Dạ, chào anh/chị Lan Anh! Shop Xinh đã nhận được câu hỏi của anh/chị và sẽ phản hồi anh/chị trong thời gian sớm nhất ạ. Anh/chị vui lòng chờ shop một chút nhé!',
    );
    expect(fallbackReply('en', 'Shop Xinh', 'Anna')).toBe('Hi Anna! Shop Xinh has received your question and will get back to you shortly. Thank you for your patience!');
    const hostile = fallbackReply('vi', 'lua-dao.vn 0987654321', 'Gọi 0987654321 http://evil.example');
    expect(hostile).toMatch(/^Dạ, chào anh\/chị Gọi http evil example! Shop đã nhận/);
    expect(await guardReply(hostile, { ...options(), isKnownLink: () => Promise.resolve(false), isKnownPhone: () => Promise.resolve(false) })).toMatchObject({ ok: true });
  });
});
