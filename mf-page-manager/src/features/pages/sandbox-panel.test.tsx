// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { advance, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import type * as Antd from 'antd';
import type { SelectProps } from 'antd';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import vi_ from '../../locales/vi.json';
import { PageManagerPage } from '../../pages/page-manager-page';
import { fakePageManagerApi, samplePage } from './page-manager-fake-api';

/** How often the form's page select was drawn: the form redrawn while the user picks is what this file watches. */
const pageSelectDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof Antd>();
  const { createElement } = await import('react');
  const Select = Object.assign((props: SelectProps) => {
    if (props['aria-label'] === 'Page') pageSelectDraws.count += 1;
    return createElement(antd.Select, props);
  }, antd.Select);
  return { ...antd, Select };
});

const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };

const form = () => document.querySelector('form') as HTMLFormElement;
const pageSelect = () => document.querySelector('[aria-label="Page"]')?.closest('.ant-select');
const chosenPage = () => pageSelect()?.querySelector('.ant-select-content')?.getAttribute('title') ?? null;
const nameField = () => document.querySelector<HTMLInputElement>('[aria-label="Customer name"]');

async function openPageSelect() {
  await act(async () => {
    pageSelect()?.querySelector('.ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
}

async function pickPage(name: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === name);
  if (!option) throw new Error(`no page ${name} to pick`);
  await act(async () => option.click());
  await settle();
}

/** A file picked for Shop Hoa in the page table: saved at once. */
async function pickFileForShopHoa() {
  await act(async () => {
    document.querySelector('[aria-label="Files for Shop Hoa"]')?.closest('.ant-select')?.querySelector('.ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent?.includes('menu.txt'));
  await act(async () => option?.click());
  await settle();
}

describe('Sandbox panel', () => {
  let mounted: MountedPage;
  let api: ReturnType<typeof fakePageManagerApi>;

  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const i18n = await initI18n('en', { 'page-manager': { vi: vi_, en } });
    await i18n.changeLanguage('en');
    api = fakePageManagerApi([samplePage('p1', 'Shop Hoa'), samplePage('p2', 'Shop Bánh')], { files: [{ collection_name: 'Tài liệu', file_name: 'menu.txt' }], growingActivity: true });
    apiClient.configure({ baseURL: 'http://api.test/', adapter: api.adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
  });

  afterEach(() => {
    mounted.unmount();
    vi.useRealTimers();
  });

  it('keeps the page picked and the name typed while a file is saved and the activity poll answers, the dropdown open meanwhile', async () => {
    const drawnForm = form();
    await openPageSelect();
    await pickFileForShopHoa();
    await advance(5_000);
    await openPageSelect();
    await pickPage('Shop Bánh');
    await typeInto(nameField() as HTMLInputElement, 'Trần Thị Mai');
    await advance(5_000);
    expect(api.saves()).toHaveLength(1);
    expect(api.calls.filter((call) => call.path === 'api/v1/sandbox/activity').length).toBeGreaterThan(2);
    expect(form()).toBe(drawnForm);
    expect(chosenPage()).toBe('Shop Bánh');
    expect(nameField()?.value).toBe('Trần Thị Mai');
  });

  it('is not redrawn by the activity poll or by a save in the page table while the user fills it', async () => {
    await openPageSelect();
    const draws = pageSelectDraws.count;
    await advance(5_000);
    await advance(5_000);
    await pickFileForShopHoa();
    expect(api.calls.filter((call) => call.path === 'api/v1/sandbox/activity').length).toBeGreaterThan(2);
    expect(api.saves()).toHaveLength(1);
    expect(pageSelectDraws.count).toBe(draws);
  });

  it('sends the test event with what was filled in, then asks again what the sandbox received', async () => {
    await openPageSelect();
    await pickPage('Shop Hoa');
    await typeInto(nameField() as HTMLInputElement, 'Trần Thị Mai');
    await typeInto(document.querySelector<HTMLInputElement>('[aria-label="What the customer writes"]') as HTMLInputElement, 'Giá bao nhiêu?');
    const asked = api.calls.filter((call) => call.path === 'api/v1/sandbox/activity').length;
    await act(async () => form().requestSubmit());
    await settle();
    expect(api.calls.find((call) => call.path === 'api/v1/sandbox/test-event')?.body).toEqual({
      user_id: 'u-7', page_id: 'p1', kind: 'comment', channel: 'facebook', text: 'Giá bao nhiêu?', from_name: 'Trần Thị Mai',
    });
    expect(document.body.textContent).toContain('Test event delivered (status 200).');
    expect(api.calls.filter((call) => call.path === 'api/v1/sandbox/activity').length).toBe(asked + 1);
  });
});
