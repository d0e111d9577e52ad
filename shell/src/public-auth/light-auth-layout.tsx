import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES } from '@pagemate/shared-contracts/plain';
import { useLightNavigation } from './light-navigation';
import styles from './light-auth.module.css';

/** A link between the pages: a plain click moves in place (light pages) or loads the page (the app). */
export function LightLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const navigation = useLightNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigation.go(href);
  };
  return (
    <a href={href} className={className ?? styles.link} onClick={onClick}>
      {children}
    </a>
  );
}

/** Tiếng Việt / English, remembered under `appLanguage` as the app's switch does. */
function LanguageButtons() {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <div role="group" aria-label="Language / Ngôn ngữ" className={styles.languages}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.languageButton}
          aria-pressed={language === current}
          aria-label={`${language.toUpperCase()} – ${LANGUAGE_NAMES[language]}`}
          data-testid={`language-${language}`}
          onClick={() => {
            localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
            void i18n.changeLanguage(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function Logo() {
  const { t } = useTranslation('common');
  return (
    <a href="/" className={styles.logo} aria-label={`${t('brand.name')} – ${t('menu.home')}`}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <rect x="3" y="6" width="18" height="14" rx="4" fill="currentColor" />
        <rect x="11" y="2" width="2" height="4" fill="currentColor" />
        <circle cx="9" cy="13" r="2" fill="#fff" />
        <circle cx="15" cy="13" r="2" fill="#fff" />
      </svg>
      <span>{t('brand.name')}</span>
    </a>
  );
}

/**
 * The authentication layout drawn in plain HTML and CSS: a centred card, or a split screen for the `/cover`
 * variants, as the app's `AuthLayout` draws them.
 */
export function LightAuthLayout({ cover, children }: { cover: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  const header = (
    <header className={styles.header}>
      <Logo />
      <LanguageButtons />
    </header>
  );
  const card = (
    <main id="main" className={styles.card}>
      {children}
    </main>
  );
  if (cover) {
    return (
      <div className={styles.cover} data-testid="auth-cover">
        <aside className={styles.coverPanel}>
          <p className={styles.coverHeadline}>{t('auth.coverHeadline')}</p>
          <p className={styles.coverBody}>{t('auth.coverBody')}</p>
        </aside>
        <div className={styles.coverSide}>
          {header}
          <div className={styles.centre}>{card}</div>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {header}
      <div className={styles.centre}>{card}</div>
      <footer className={styles.tagline}>{t('brand.tagline')}</footer>
    </div>
  );
}
