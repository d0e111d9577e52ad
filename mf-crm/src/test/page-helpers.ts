import { initI18n } from '@pagemate/shared-contracts';
import en from '../locales/en.json';
import vi from '../locales/vi.json';

/** What every mf-crm page test reads and does beside the fake API: the language, the page text, form fields. */

/** i18n in `language`, with mf-crm's `crm` namespace. */
export async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, { crm: { vi, en } });
  await i18n.changeLanguage(language);
}

export const text = () => document.body.textContent ?? '';

/** A form field of the open modal, by its test id. */
export const field = (id: string) => document.querySelector<HTMLInputElement>(`.ant-modal [data-testid="${id}"]`) as HTMLInputElement;

/** The field errors shown in the open modal (or drawer). */
export const fieldErrors = (container: '.ant-modal' | '.ant-drawer' = '.ant-modal') =>
  [...document.querySelectorAll(`${container} .ant-form-item-explain-error`)].map((e) => e.textContent);
