import { findRoute, hrefOf } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import { AppAnchor } from '../landing-env';
import styles from './landing.module.css';
import { ReplyDemo } from './reply-demo';

/** The `home` anchor: what PageMate does for a shop, and the way in. */
export function HeroSection() {
  const { t } = useTranslation('landing-page');
  return (
    <section id="home" aria-labelledby="home-title" className={`${styles.section} ${styles.hero}`}>
      <div className={`${styles.container} ${styles.heroInner}`}>
        <div>
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="home-title">{t('hero.title')}</h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          <div className={styles.heroActions}>
            <AppAnchor href={hrefOf(findRoute('sign-up').path)} className={styles.primaryAction}>
              {t('hero.primaryAction')}
            </AppAnchor>
            <a href="#services" className={styles.secondaryAction}>
              {t('hero.secondaryAction')}
            </a>
          </div>
        </div>
        <ReplyDemo />
      </div>
    </section>
  );
}
