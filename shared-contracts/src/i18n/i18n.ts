import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../contracts/constants.js';
import type { LocaleTree } from '../contracts/locales.js';

export type NamespaceResources = Record<Language, LocaleTree>;

/**
 * Reads one namespace of one language (a chunk of its own) the first time i18next needs it: `undefined` for a
 * namespace the loader does not have; a rejection is a failed read (a chunk that did not arrive), read again.
 */
export type LoadNamespace = (language: Language, ns: string) => Promise<LocaleTree | undefined>;

/** The one i18next instance of the app (shared as an MF singleton together with this package). */
export const i18n: I18n = i18next.createInstance();

function baseOptions(language: Language, ns: string[]): InitOptions {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  };
}

/** Initialises the instance once with the given namespaces in both languages. */
export async function initI18n(language: Language, namespaces: Record<string, NamespaceResources>): Promise<I18n> {
  if (!i18n.isInitialized) await i18n.use(initReactI18next).init(baseOptions(language, Object.keys(namespaces)));
  for (const [ns, resources] of Object.entries(namespaces)) addNamespace(ns, resources);
  return i18n;
}

/**
 * An i18next backend that reads through `load`. A failed read answers `retry: true`: i18next reads it again a
 * few times, and when every attempt failed it marks the namespace as retryable rather than failed, so the next
 * switch or `loadNamespaces` reads it again. With `false` i18next would never read that language's namespace
 * again in this page: a second click on the language would request nothing and show keys.
 */
function backendOf(load: LoadNamespace): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read: (language, ns, callback) => {
      if (!isLanguage(language)) {
        callback(new Error(`unsupported language ${language}`), false);
        return;
      }
      load(language, ns).then(
        (tree) => (tree ? callback(null, tree) : callback(new Error(`no namespace ${ns} to read`), false)),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}

/**
 * Initialises the instance once with `language`'s texts of the given namespaces only. Any other language or
 * namespace is read through `load` when i18next first needs it: `changeLanguage` (whoever calls it) reads the
 * new language's namespaces before it switches, so nothing is drawn with untranslated keys, and
 * `loadNamespaces` adds a namespace later. Every namespace is complete in both languages (each package's locale
 * test), so a supported language needs no fallback: only an unknown code falls back to Vietnamese, and an
 * English start does not read the Vietnamese texts.
 */
export async function initI18nOnDemand(language: Language, namespaces: Record<string, LocaleTree>, load: LoadNamespace): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(initReactI18next)
      .use(backendOf(load))
      .init({
        ...baseOptions(language, Object.keys(namespaces)),
        fallbackLng: { ...Object.fromEntries(LANGUAGES.map((l) => [l, []])), default: [DEFAULT_LANGUAGE] },
        resources: { [language]: namespaces },
        partialBundledLanguages: true,
      });
  }
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
