import { CopyOutlined, MailOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { TOAST } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../contact-details';
import { copyText } from '../copy-text';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

/** The `contact` anchor: the support address, with a copy button that confirms with a toast (spec §8). */
export function ContactSection() {
  const { t } = useTranslation('landing-page');
  // The hook form renders the toast inside the shell's ConfigProvider, so it follows the current theme.
  const [toast, toastHolder] = message.useMessage({ top: TOAST.top, duration: TOAST.durationSeconds });

  async function copyAddress() {
    try {
      await copyText(CONTACT_EMAIL);
      void toast.success(t('contact.copied'));
    } catch {
      void toast.error(t('contact.copyFailed'));
    }
  }

  return (
    <LandingSection id="contact" title={t('contact.title')} intro={t('contact.intro')}>
      {toastHolder}
      <div className={styles.contactCard}>
        <MailOutlined className={styles.contactIcon} aria-hidden />
        <div className={styles.contactText}>
          <p className={styles.contactLabel}>{t('contact.emailLabel')}</p>
          <a className={styles.contactValue} href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
        </div>
        <div className={styles.contactActions}>
          <Button icon={<CopyOutlined aria-hidden />} aria-label={t('contact.copyLabel', { email: CONTACT_EMAIL })} onClick={() => void copyAddress()}>
            {t('contact.copy')}
          </Button>
        </div>
      </div>
    </LandingSection>
  );
}
