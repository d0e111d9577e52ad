import { Collapse } from 'antd';
import { ALLOWED_UPLOAD_EXTENSIONS } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

const FAQ_ITEMS = ['billing', 'accuracy', 'password', 'formats', 'perPage', 'languages'] as const;

/** The `faq` anchor: questions that expand and collapse, the first one open (spec §2). */
export function FaqSection() {
  const { t } = useTranslation('landing-page');
  const formats = ALLOWED_UPLOAD_EXTENSIONS.join(', ');
  return (
    <LandingSection id="faq" title={t('faq.title')} intro={t('faq.intro')} alt>
      <Collapse
        className={styles.faq}
        defaultActiveKey={[FAQ_ITEMS[0]]}
        items={FAQ_ITEMS.map((key) => ({
          key,
          label: t(`faq.items.${key}.question`),
          children: <p>{t(`faq.items.${key}.answer`, { formats })}</p>,
        }))}
      />
    </LandingSection>
  );
}
