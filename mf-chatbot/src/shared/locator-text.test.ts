import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import { locatorText } from './locator-text';

async function translator(lng: 'vi' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { vi: { chatbot: vi }, en: { chatbot: en } }, defaultNS: 'chatbot', interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('locatorText', () => {
  it('words the server locators in Vietnamese and English', async () => {
    const vi_ = await translator('vi');
    expect(locatorText('lines 10–42', vi_)).toBe('dòng 10–42');
    expect(locatorText('paragraph 3', vi_)).toBe('đoạn 3');
    expect(locatorText('rows 2–40', vi_)).toBe('hàng 2–40');
    expect(locatorText('lines 10–42', await translator('en'))).toBe('lines 10–42');
  });

  it('shows spreadsheet ranges and anything unknown as they are', async () => {
    const t = await translator('vi');
    expect(locatorText("'Bảng giá'!A2:D40", t)).toBe("'Bảng giá'!A2:D40");
    expect(locatorText('somewhere', t)).toBe('somewhere');
  });
});
