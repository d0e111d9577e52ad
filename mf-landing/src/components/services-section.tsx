import { LANDING_SERVICE_STEPS } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

const STEP_NUMBERS = Array.from({ length: LANDING_SERVICE_STEPS }, (_, index) => index + 1);

/** The `services` anchor: the eight steps from sign-up to a Page that answers by itself. */
export function ServicesSection() {
  const { t } = useTranslation('landing-page');
  return (
    <LandingSection id="services" title={t('services.title')} intro={t('services.intro')} alt>
      <ol className={styles.steps}>
        {STEP_NUMBERS.map((number) => (
          <li key={number} className={styles.card}>
            <span className={styles.stepLabel}>{t('services.stepLabel', { number })}</span>
            <h3>{t(`services.steps.step${number}.title`)}</h3>
            <p>{t(`services.steps.step${number}.description`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
