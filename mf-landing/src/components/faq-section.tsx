import { RightOutlined } from '@ant-design/icons-svg';
import { ALLOWED_UPLOAD_EXTENSIONS } from '@pagemate/shared-contracts/plain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';
import { SvgIcon } from './svg-icon';

const FAQ_ITEMS = ['billing', 'accuracy', 'password', 'formats', 'perPage', 'languages'] as const;

/** The `faq` anchor: questions that expand and collapse (WAI-ARIA accordion), the first one open (docs/product.md §2). */
export function FaqSection() {
  const { t } = useTranslation('landing-page');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([FAQ_ITEMS[0]]));
  const baseId = useId();
  const formats = ALLOWED_UPLOAD_EXTENSIONS.join(', ');
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <LandingSection id="faq" title={t('faq.title')} intro={t('faq.intro')} alt>
      <div className={styles.faq}>
        {FAQ_ITEMS.map((key) => {
          const expanded = open.has(key);
          const panelId = `${baseId}-${key}`;
          return (
            <div key={key} className={styles.faqItem}>
              <h3 className={styles.faqHeading}>
                <button type="button" className={styles.faqQuestion} aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(key)}>
                  <SvgIcon icon={RightOutlined} className={expanded ? styles.faqChevronOpen : styles.faqChevron} />
                  {t(`faq.items.${key}.question`)}
                </button>
              </h3>
              <div id={panelId} role="region" aria-label={t(`faq.items.${key}.question`)} className={styles.faqAnswer} hidden={!expanded}>
                {expanded && <p>{t(`faq.items.${key}.answer`, { formats })}</p>}
              </div>
            </div>
          );
        })}
      </div>
    </LandingSection>
  );
}
