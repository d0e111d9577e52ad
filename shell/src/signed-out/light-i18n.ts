import { DEFAULT_LANGUAGE, LANGUAGES, storedLanguage, type Language } from '@pagemate/shared-contracts/plain';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An i18next instance of its own for a page shown without the app (the app's shared instance lives in the
 * contract's main entry): the stored language, one namespace, `<html lang>` kept in step.
 */
export async function createLightI18n(namespace: string, resources: Record<Language, Resource[string][string]>): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: storedLanguage(localStorage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: namespace,
    ns: [namespace],
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { [namespace]: resources[language] }])),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const setLanguage = (language: string) => {
    document.documentElement.lang = language;
  };
  setLanguage(i18n.language);
  i18n.on('languageChanged', setLanguage);
  return i18n;
}
