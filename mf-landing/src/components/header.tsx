import { findRoute, hrefOf, LanguageSwitch } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './landing.module.css';
import { Logo } from './logo';
import { ProductMenu } from './product-menu';
import { SectionLinks } from './section-links';

/** Sticky page header: logo home, section anchors (wide screens), Product dropdown and Sign In. */
export function Header() {
  const { t } = useTranslation('landing-page');
  return (
    <header className={styles.header}>
      <div className={`${styles.container} ${styles.headerInner}`}>
        <Link to="/" className={styles.logo} aria-label={t('header.logoLabel')}>
          <Logo />
        </Link>
        <nav aria-label={t('header.sectionsLabel')} className={styles.sectionNav}>
          <SectionLinks />
        </nav>
        <div className={styles.headerActions}>
          <LanguageSwitch />
          <ProductMenu />
          <Link to={hrefOf(findRoute('sign-in').path)} className={styles.primaryAction}>
            {t('header.signIn')}
          </Link>
        </div>
      </div>
    </header>
  );
}
