import { LANDING_FIGURES } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

/** The `statistics` anchor: the four marketing figures of docs/product.md §9. */
export function StatisticsSection() {
  const { t } = useTranslation('landing-page');
  return (
    <LandingSection id="statistics" title={t('statistics.title')} intro={t('statistics.intro')}>
      <ul className={styles.figures}>
        {Object.entries(LANDING_FIGURES).map(([key, value]) => (
          <li key={key}>
            <span className={styles.figureValue}>{value}</span>
            <span className={styles.figureLabel}>{t(`statistics.${key}`)}</span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
