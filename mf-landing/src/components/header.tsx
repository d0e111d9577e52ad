import { findRoute, hrefOf } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import { AppAnchor } from '../landing-env';
import styles from './landing.module.css';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { ProductMenu } from './product-menu';
import { SectionLinks } from './section-links';

/** Sticky page header: logo home, section anchors (wide screens), language, Product menu and Sign In. */
export function Header() {
  const { t } = useTranslation('landing-page');
  return (
    <header className={styles.header}>
      <div className={`${styles.container} ${styles.headerInner}`}>
        <AppAnchor href="/" className={styles.logo} aria-label={t('header.logoLabel')}>
          <Logo />
        </AppAnchor>
        <nav aria-label={t('header.sectionsLabel')} className={styles.sectionNav}>
          <SectionLinks />
        </nav>
        <div className={styles.headerActions}>
          <LanguageMenu />
          <ProductMenu />
          <AppAnchor href={hrefOf(findRoute('sign-in').path)} className={styles.primaryAction}>
            {t('header.signIn')}
          </AppAnchor>
        </div>
      </div>
    </header>
  );
}
