import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../contracts/constants.js';
import type { LocaleTree } from '../contracts/locales.js';

export type NamespaceResources = Record<Language, LocaleTree>;

/** The one i18next instance of the app (shared as an MF singleton together with this package). */
export const i18n: I18n = i18next.createInstance();

/** Initialises the instance once with the shell's own namespaces. */
export async function initI18n(language: Language, namespaces: Record<string, NamespaceResources>): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      defaultNS: 'common',
      ns: Object.keys(namespaces),
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  }
  for (const [ns, resources] of Object.entries(namespaces)) addNamespace(ns, resources);
  return i18n;
}

/** Adds (or replaces) one namespace in both languages; remotes call this when they load. */
export function addNamespace(ns: string, resources: NamespaceResources): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, ns, resources[language], true, true);
}

/** Switches the language everywhere and remembers it under `appLanguage`. */
export async function changeLanguage(language: Language, storage?: Pick<Storage, 'setItem'>): Promise<void> {
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}
