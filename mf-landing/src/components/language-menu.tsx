import { isLanguage, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES, LanguageFlag } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { MenuButton } from './menu-button';

/**
 * The language flag menu (Tiếng Việt / English), remembered under `appLanguage` like the app's own switch;
 * it changes the i18n instance the page was given, so everything re-translates at once.
 */
export function LanguageMenu() {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <MenuButton
      testId="language-dropdown"
      // The name starts with what the button shows (WCAG 2.5.3), then says what it is for.
      ariaLabel={`${current.toUpperCase()} – Language / Ngôn ngữ: ${LANGUAGE_NAMES[current]}`}
      label={
        <>
          <LanguageFlag language={current} />
          <span className={styles.languageCode}>{current}</span>
        </>
      }
      items={LANGUAGES.map((language) => ({
        key: language,
        radio: true,
        render: ({ role, tabIndex, onDone }) => (
          <button
            type="button"
            role={role}
            tabIndex={tabIndex}
            lang={language}
            aria-checked={language === current}
            className={styles.menuItem}
            onClick={() => {
              localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
              void i18n.changeLanguage(language);
              onDone();
            }}
          >
            <LanguageFlag language={language} />
            {LANGUAGE_NAMES[language]}
          </button>
        ),
      }))}
    />
  );
}
