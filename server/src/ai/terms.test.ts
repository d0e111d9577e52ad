import { describe, expect, it } from 'vitest';
import { hasUnit, queryTerms } from './terms.ts';

describe('queryTerms', () => {
  it('keeps one- and two-letter syllables and place names, expands "ship", pairs syllables side by side', () => {
    const terms = queryTerms('Ship về Hà Nội bao lâu?');
    expect(terms.units).toEqual([[['ship'], ['giao', 'hang']], [['ha']], [['noi']], [['lau']]]);
    expect(terms.pairs).toContain('ha noi');
    expect(terms.pairs).toContain('bao lau');
  });

  it('written without diacritics, "ha" of a place name is kept; the particle "hả" is a stop word', () => {
    expect(queryTerms('ship ve ha noi bao lau').words).toEqual(expect.arrayContaining(['ha', 'noi', 'lau']));
    expect(queryTerms('Ship Ha Dong nhanh khong').words).toEqual(expect.arrayContaining(['ha', 'dong']));
    expect(queryTerms('Còn áo hả shop').words).not.toContain('ha');
    expect(queryTerms('Hà Giang giao không').words).toContain('ha');
  });

  it('stop words are judged with their diacritics: "bán" and "giá" stay, "bạn" goes', () => {
    const words = queryTerms('Giá bán của bạn là bao nhiêu?').words;
    expect(words).toEqual(['gia', 'ban']);
    expect(queryTerms('ban gia bao nhieu').words).toEqual(['ban', 'gia']);
  });

  it('maps teencode: sz, bn, k, dc, hcm, cf, t7', () => {
    expect(queryTerms('ao sz M con k').units).toEqual([[['ao']], [['size']], [['m']]]);
    expect(queryTerms('cf sua da bn').units).toEqual([[['cf'], ['ca', 'phe']], [['sua']], [['da']]]);
    expect(queryTerms('ship hcm dc ko').units).toEqual([[['ship'], ['giao', 'hang']], [['hcm'], ['ho', 'chi', 'minh']]]);
    const opening = queryTerms('t7 mo cua may h');
    expect(opening.units).toEqual([[['t7'], ['thu', 'bay']], [['mo']], [['gio']]]);
    // "cua" is "của" as often as "cửa": alone it says nothing, beside "mo" it is "mở cửa".
    expect(opening.pairs).toContain('mo cua');
  });

  it('a question of nothing but common words searches those', () => {
    expect(queryTerms('là gì vậy').words).toEqual(['la', 'gi', 'vay']);
  });

  it('English questions match word stems', () => {
    const terms = queryTerms('What are your opening hours on weekends?');
    expect(terms.words).toEqual(['open', 'hour', 'weekend']);
    expect(hasUnit(['our', 'shop', 'opens', 'at', 'seven'], [['open']], terms.stems)).toBe(true);
    expect(hasUnit(['weekend'], [['weekend']], terms.stems)).toBe(true);
    // Vietnamese syllables are never matched as prefixes.
    const vietnamese = queryTerms('giờ mở cửa');
    expect(hasUnit(['mot'], [['mo']], vietnamese.stems)).toBe(false);
  });

  it('a unit of several words matches only side by side', () => {
    expect(hasUnit(['phi', 'giao', 'hang', 'noi', 'thanh'], [['ship'], ['giao', 'hang']], new Set())).toBe(true);
    expect(hasUnit(['giao', 'nhanh', 'hang'], [['ship'], ['giao', 'hang']], new Set())).toBe(false);
  });
});
