import { initI18n } from '@pagemate/shared-contracts';
import { settle } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import en from '../locales/en.json';
import vi from '../locales/vi.json';

/** What every mf-crm page test reads and does beside the fake API: the language, the page text, form fields. */

/** i18n in `language`, with mf-crm's `crm` namespace. */
export async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, { crm: { vi, en } });
  await i18n.changeLanguage(language);
}

/** The CRM's texts in Vietnamese and in English, for tests of functions that take a `t`. */
export async function crmTranslators() {
  const i18n = await initI18n('vi', { crm: { vi, en } });
  return { tVi: i18n.getFixedT('vi', 'crm'), tEn: i18n.getFixedT('en', 'crm') };
}

export const text = () => document.body.textContent ?? '';

/** A form field of the open modal, by its test id. */
export const field = (id: string) => document.querySelector<HTMLInputElement>(`.ant-modal [data-testid="${id}"]`) as HTMLInputElement;

/** The field errors shown in the open modal (or drawer). */
export const fieldErrors = (container: '.ant-modal' | '.ant-drawer' = '.ant-modal') =>
  [...document.querySelectorAll(`${container} .ant-form-item-explain-error`)].map((e) => e.textContent);

/** The options of the select popup opened last (others linger, closing or hidden). */
const openOptions = () => [
  ...([...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')].at(-1)?.querySelectorAll('.ant-select-item-option') ?? []),
];
/** The texts of the open select's options. */
export const options = () => openOptions().map((o) => o.textContent);
/** One option of the open select, by its text. */
export const option = (name: string) => openOptions().find((o) => o.textContent === name);

/** Opens an antd select the way a pointer does (antd listens for mousedown). */
export async function openSelect(select: Element | null | undefined) {
  await act(async () => {
    select?.querySelector('.ant-select-selector, .ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
}
