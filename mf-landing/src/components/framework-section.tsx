import { ApiOutlined, FileSearchOutlined, QrcodeOutlined, SafetyCertificateOutlined, SlidersOutlined, WalletOutlined } from '@ant-design/icons-svg';
import { FACEBOOK_API_VERSION } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';
import { SvgIcon } from './svg-icon';

const TECHNOLOGIES = [
  { key: 'meta', icon: ApiOutlined },
  { key: 'documents', icon: FileSearchOutlined },
  { key: 'answerStyle', icon: SlidersOutlined },
  { key: 'billing', icon: WalletOutlined },
  { key: 'payments', icon: QrcodeOutlined },
  { key: 'security', icon: SafetyCertificateOutlined },
] as const;

/** The `framework` anchor: the technology PageMate stands on, in a shop owner's terms. */
export function FrameworkSection() {
  const { t } = useTranslation('landing-page');
  return (
    <LandingSection id="framework" title={t('framework.title')} intro={t('framework.intro')}>
      <ul className={styles.frameworkGrid}>
        {TECHNOLOGIES.map(({ key, icon }) => (
          <li key={key} className={styles.card}>
            <SvgIcon icon={icon} className={styles.frameworkIcon} />
            <h3>{t(`framework.items.${key}.title`)}</h3>
            <p>{t(`framework.items.${key}.description`, { version: FACEBOOK_API_VERSION })}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
