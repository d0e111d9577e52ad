// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { PageManagerPage } from '../../pages/page-manager-page';
import { fakePageManagerApi, samplePage } from './page-manager-fake-api';

const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const files = ['menu.txt', 'gia.txt', 'giao-hang.txt'].map((file_name) => ({ collection_name: 'Tài liệu', file_name }));
const common = { vi: { apiErrors: { UNAVAILABLE: 'Máy chủ bận' } }, en: { apiErrors: { UNAVAILABLE: 'Server busy' } } };

const picker = () => document.querySelector<HTMLInputElement>('[aria-label="Files for Shop Hoa"]');
/** The files the open dropdown marks as chosen (its tags fold into "+ N" in a narrow column). */
const chosenFiles = () => [...document.querySelectorAll('.ant-select-item-option-selected')].map((item) => item.querySelector('.ant-select-item-option-content')?.textContent);

async function openPicker() {
  await act(async () => {
    picker()?.closest('.ant-select')?.querySelector('.ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
}

async function pickFile(name: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent?.includes(name));
  if (!option) throw new Error(`no option ${name}`);
  await act(async () => option.click());
  await settle();
}

describe('Page table: files of a page', () => {
  let mounted: MountedPage;
  let api: ReturnType<typeof fakePageManagerApi>;

  beforeEach(async () => {
    const i18n = await initI18n('en', { 'page-manager': { vi, en }, common });
    await i18n.changeLanguage('en');
    api = fakePageManagerApi([samplePage('p1', 'Shop Hoa')], { files });
    apiClient.configure({ baseURL: 'http://api.test/', adapter: api.adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
  });

  afterEach(() => mounted.unmount());

  it('scrolls sideways in its own box without measuring its columns after drawing (no measuring row)', () => {
    const content = document.querySelector<HTMLElement>('.ant-table-content');
    expect(content?.style.overflowX).toBe('auto');
    expect(content?.querySelector<HTMLElement>(':scope > table')?.style.width).toBe('1000px');
    expect(document.querySelector('.ant-table-measure-row')).toBeNull();
    expect(document.querySelector('.ant-table-row')?.textContent).toContain('Shop Hoa');
  });

  it('takes several files picked in a row while the first is saving: the dropdown stays open, every pick is saved', async () => {
    let answer: () => void = () => undefined;
    api.control.saveAnswered = new Promise<void>((resolve) => (answer = resolve));
    await openPicker();
    await pickFile('menu.txt');
    expect(picker()?.disabled).toBe(false);
    expect(picker()?.getAttribute('aria-expanded')).toBe('true');
    await pickFile('gia.txt');
    await pickFile('giao-hang.txt');
    expect(chosenFiles()).toEqual(['menu.txt', 'gia.txt', 'giao-hang.txt']);
    // One save at a time: the picks made meanwhile go together once the first is saved, on the manager it created.
    expect(api.saves().map((save) => save.files.map((file) => file.file_name))).toEqual([['menu.txt']]);
    await act(async () => answer());
    await settle();
    expect(api.saves().map((save) => save.files.map((file) => file.file_name))).toEqual([['menu.txt'], ['menu.txt', 'gia.txt', 'giao-hang.txt']]);
    expect(api.saves()[1]?.manager_id).toBe(api.managers()[0]?.manager_id);
    expect(api.managers()).toHaveLength(1);
    expect(chosenFiles()).toEqual(['menu.txt', 'gia.txt', 'giao-hang.txt']);
    expect(picker()?.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.textContent).toContain('Settings of Shop Hoa saved.');
  });

  it('files picked one after another, each saved before the next, leave one notice for the page, not one per save', async () => {
    await openPicker();
    for (const file of ['menu.txt', 'gia.txt', 'giao-hang.txt']) await pickFile(file);
    expect(api.saves()).toHaveLength(3);
    const notices = [...document.querySelectorAll('.ant-message-notice')].filter((notice) => notice.textContent?.includes('Settings of Shop Hoa saved.'));
    expect(notices).toHaveLength(1);
  });

  it('a failed save says so in the user’s language and the page keeps the files saved before', async () => {
    await openPicker();
    await pickFile('menu.txt');
    expect(api.managers().map((manager) => manager.files.map((file) => file.file_name))).toEqual([['menu.txt']]);
    api.control.saveFails = true;
    await i18nIn('vi');
    await pickFile('gia.txt');
    expect(document.body.textContent).toContain('Không lưu được cài đặt của Shop Hoa (Máy chủ bận); trang giữ cài đặt đã lưu trước đó.');
    expect(chosenFiles()).toEqual(['menu.txt']);
  });
});

async function i18nIn(language: 'vi' | 'en') {
  const i18n = await initI18n(language, { 'page-manager': { vi, en }, common });
  await act(async () => {
    await i18n.changeLanguage(language);
  });
  await settle();
}
