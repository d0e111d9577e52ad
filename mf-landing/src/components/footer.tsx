import { COPYRIGHT_YEAR } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { Logo } from './logo';
import { SectionLinks } from './section-links';

/** Page footer: what PageMate is, the section links again, and the copyright line of docs/product.md §1. */
export function Footer() {
  const { t } = useTranslation('landing-page');
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerInner}`}>
        <div>
          <span className={styles.logo}>
            <Logo />
          </span>
          <p className={styles.footerTagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.sectionsLabel')} className={styles.footerNav}>
          <SectionLinks />
        </nav>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
    </footer>
  );
}
