import { formatVnd } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';

const SAMPLE_SHIPPING_FEE_VND = 25_000;

/** A sample comment and the bot's answer, showing in one glance what PageMate does. */
export function ReplyDemo() {
  const { t } = useTranslation('landing-page');
  return (
    <figure className={styles.demo}>
      <div className={styles.demoWindow}>
        <p className={styles.demoTitle}>{t('hero.demo.label')}</p>
        <div className={`${styles.bubble} ${styles.bubbleCustomer}`}>
          <span className={styles.bubbleAuthor}>{t('hero.demo.customer')}</span>
          <p>{t('hero.demo.customerMessage')}</p>
        </div>
        <div className={`${styles.bubble} ${styles.bubbleBot}`}>
          <span className={styles.bubbleAuthor}>{t('hero.demo.bot')}</span>
          <p>{t('hero.demo.botMessage', { fee: formatVnd(SAMPLE_SHIPPING_FEE_VND) })}</p>
        </div>
      </div>
      <figcaption>{t('hero.demo.caption')}</figcaption>
    </figure>
  );
}
