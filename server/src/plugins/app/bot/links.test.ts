import { describe, expect, it } from 'vitest';
import { buildBotPrompt } from './bot-prompt.js';
import { LINK_INJECTIONS, SHOP_DOCUMENTS, SHOP_REPLIES } from './fixtures/link-corpus.js';
import { findLinks, isDomainName, linkIn, linkTarget } from './links.js';
import { findPhones, guardReply, type GuardOptions } from './reply-guard.js';

describe('findLinks', () => {
  it('finds URLs, www, e-mails, bare and short domains, disguised dots', () => {
    expect(findLinks('Xem http://lua-dao.vn/abc?x=1. Hoặc www.shop.com, shopxinh.vn, bit.ly/abc, t.me/scam, zalo.me/0912345678 và m.me/shop!')).toEqual([
      'http://lua-dao.vn/abc?x=1',
      'www.shop.com',
      'shopxinh.vn',
      'bit.ly/abc',
      't.me/scam',
      'zalo.me/0912345678',
      'm.me/shop',
    ]);
    expect(findLinks('Mail shop@gmail.com nhé, hoặc lua-dao[.]vn, evil (dot) com, evil chấm vn, shop.com.vn/san-pham).')).toEqual([
      'shop@gmail.com',
      'lua-dao.vn',
      'evil.com',
      'evil.vn',
      'shop.com.vn/san-pham',
    ]);
    expect(findLinks('ｅｖｉｌ．ｃｏｍ và ev\u200Bil.com')).toEqual(['evil.com']);
  });

  it('knows every public suffix, not a fixed list of TLDs', () => {
    expect(findLinks('vào khuyenmai-shop.sbs để nhận quà, qua-tang.pl, freeship.bond/abc, x.cfd, quà-tặng.vn, KHUYENMAI.SBS, a.b.lol')).toEqual([
      'khuyenmai-shop.sbs',
      'qua-tang.pl',
      'freeship.bond/abc',
      'x.cfd',
      'quà-tặng.vn',
      'KHUYENMAI.SBS',
      'a.b.lol',
    ]);
    expect(findLinks('zalo://qr/p/x, 103.21.55.7:8080/qua, 10.0.0.1, nhanqua . online, nhanqua .xyz, nhan-qua。xyz, @evil.com')).toEqual([
      'zalo://qr/p/x',
      '103.21.55.7:8080/qua',
      '10.0.0.1',
      'nhanqua.online',
      'nhanqua.xyz',
      'nhan-qua.xyz',
      'evil.com',
    ]);
    expect(isDomainName('com.vn')).toBe(false);
    expect(isDomainName('shop.com.vn')).toBe(true);
    expect(isDomainName('tp.hcm')).toBe(false);
  });

  it('does not take ordinary text for a link', () => {
    expect(findLinks('Giá 150.000đ, TP.HCM, Q.1, v.v., e.g. size M. Shop mở cửa 8h.Sáng mai giao, 150k.Shop ạ, file.txt, 1.5kg')).toEqual([]);
    expect(findLinks('1.500.000đ, 2.5kg, v1.2.3, 3.14, 12.05.2024, 100.100.100.100đ, 1.200.000.000 đồng, bang-gia.docx, anh.jpg')).toEqual([]);
    expect(findLinks('Open 8 a.m. to 9 p.m. in Hanoi, i.e. daily; Mr.Tom, Ms.Lan, GS.TS Lan, Co.Ltd, Nhé.Shop, size S/M/L.')).toEqual([]);
  });
});

describe('linkIn', () => {
  it('matches by host and path: scheme, www., case of the host and a trailing slash do not count', () => {
    expect(linkIn('shopxinh.vn', SHOP_DOCUMENTS)).toBe(true);
    expect(linkIn('HTTPS://WWW.SHOPXINH.VN/ao-thun/', SHOP_DOCUMENTS)).toBe(true);
    expect(linkIn('shopxinh.vn/bang-size', SHOP_DOCUMENTS)).toBe(true);
    expect(linkIn('CSKH@shopxinh.vn', SHOP_DOCUMENTS)).toBe(true);
  });

  it('refuses another host, another path, a shorter path, another case of a path, a user part, a look-alike', () => {
    for (const link of ['xinh.vn', 'shopxinh.com', 'shopxinh.vn.evil.com', 'm.me/shop', 'shopxinh.vn/ao', 'shopxinh.vn/ao-thun?ref=x', 'bit.ly/shopxinh2024', 'https://shopxinh.vn@evil.com', 'lan@shopxinh.vn', 'shopxinh.vn@gmail.com']) {
      expect(linkIn(link, SHOP_DOCUMENTS), link).toBe(false);
    }
  });

  it('names what to look the link up by', () => {
    expect(linkTarget('https://www.ShopXinh.vn/ao-thun')).toBe('shopxinh.vn');
    expect(linkTarget('mailto:CSKH@shopxinh.vn')).toBe('cskh@shopxinh.vn');
    expect(linkTarget('https://shopxinh.vn@evil.com/x')).toBe('evil.com');
    expect(linkTarget('quà-tặng.vn')).toBe('xn--qu-tng-jta8222d.vn');
  });
});

describe('the link corpora through the reply guard', () => {
  const known = new Set(findPhones(SHOP_DOCUMENTS));
  const guard = (kind: 'comment' | 'message'): GuardOptions => ({
    kind,
    systemPrompt: buildBotPrompt({ pageName: 'Shop Xinh', config: null, identity: null, procedure: null }, { kind, customerName: 'Lan', text: 'Chào shop', history: [] }, []).system,
    isKnownLink: (link) => Promise.resolve(linkIn(link, SHOP_DOCUMENTS)),
    isKnownPhone: (digits) => Promise.resolve(known.has(digits)),
  });

  it('holds at least 30 injections and 20 genuine replies', () => {
    expect(LINK_INJECTIONS.length).toBeGreaterThanOrEqual(30);
    expect(SHOP_REPLIES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(LINK_INJECTIONS.map((attack) => [attack.customer, attack] as const))('a model that obeys is refused: %s', async (_label, attack) => {
    expect(attack.obeyed).toMatch(attack.forbidden);
    for (const kind of ['comment', 'message'] as const) {
      expect(await guardReply(attack.obeyed, guard(kind))).toMatchObject({ ok: false, reason: 'foreign_link' });
    }
  });

  it.each(SHOP_REPLIES.map((reply) => [reply] as const))('a genuine reply goes out untouched: %s', async (reply) => {
    for (const kind of ['comment', 'message'] as const) expect(await guardReply(reply, guard(kind))).toEqual({ ok: true, text: reply });
  });
});
