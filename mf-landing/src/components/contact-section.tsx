import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, MailOutlined } from '@ant-design/icons-svg';
import { TOAST } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../contact-details';
import { copyText } from '../copy-text';
import { useToast } from '../hooks/use-toast';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';
import { SvgIcon } from './svg-icon';

/** The `contact` anchor: the support address, with a copy button that confirms with a toast (docs/product.md §8). */
export function ContactSection() {
  const { t } = useTranslation('landing-page');
  const [toast, showToast] = useToast();

  async function copyAddress() {
    try {
      await copyText(CONTACT_EMAIL);
      showToast('success', t('contact.copied'));
    } catch {
      showToast('error', t('contact.copyFailed'));
    }
  }

  return (
    <LandingSection id="contact" title={t('contact.title')} intro={t('contact.intro')}>
      <div className={styles.contactCard}>
        <SvgIcon icon={MailOutlined} className={styles.contactIcon} />
        <div className={styles.contactText}>
          <p className={styles.contactLabel}>{t('contact.emailLabel')}</p>
          <a className={styles.contactValue} href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
        </div>
        <div className={styles.contactActions}>
          <button type="button" className={styles.outlineButton} aria-label={t('contact.copyLabel', { email: CONTACT_EMAIL })} onClick={() => void copyAddress()}>
            <SvgIcon icon={CopyOutlined} />
            {t('contact.copy')}
          </button>
        </div>
      </div>
      <div className={styles.toastRegion} style={{ top: TOAST.top }} role="status" aria-live="polite">
        {toast && (
          <p key={toast.id} className={styles.toast}>
            <SvgIcon icon={toast.kind === 'success' ? CheckCircleFilled : CloseCircleFilled} className={toast.kind === 'success' ? styles.toastSuccess : styles.toastError} />
            {toast.text}
          </p>
        )}
      </div>
    </LandingSection>
  );
}
