import { ApiOutlined, FileSearchOutlined, QrcodeOutlined, SafetyCertificateOutlined, SlidersOutlined, WalletOutlined } from '@ant-design/icons';
import { FACEBOOK_API_VERSION } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

const TECHNOLOGIES = [
  { key: 'meta', icon: <ApiOutlined aria-hidden /> },
  { key: 'documents', icon: <FileSearchOutlined aria-hidden /> },
  { key: 'answerStyle', icon: <SlidersOutlined aria-hidden /> },
  { key: 'billing', icon: <WalletOutlined aria-hidden /> },
  { key: 'payments', icon: <QrcodeOutlined aria-hidden /> },
  { key: 'security', icon: <SafetyCertificateOutlined aria-hidden /> },
] as const;

/** The `framework` anchor: the technology PageMate stands on, in a shop owner's terms. */
export function FrameworkSection() {
  const { t } = useTranslation('landing-page');
  return (
    <LandingSection id="framework" title={t('framework.title')} intro={t('framework.intro')}>
      <ul className={styles.frameworkGrid}>
        {TECHNOLOGIES.map(({ key, icon }) => (
          <li key={key} className={styles.card}>
            <span className={styles.frameworkIcon}>{icon}</span>
            <h3>{t(`framework.items.${key}.title`)}</h3>
            <p>{t(`framework.items.${key}.description`, { version: FACEBOOK_API_VERSION })}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
