import { ArrowUpOutlined } from '@ant-design/icons-svg';
import { SCROLL_TO_TOP_PX } from '@pagemate/shared-contracts/plain';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './landing.module.css';
import { SvgIcon } from './svg-icon';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Back to the top, shown after 100 px of scroll (docs/product.md §2). */
export function ScrollToTop() {
  const { t } = useTranslation('landing-page');
  const visible = useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > SCROLL_TO_TOP_PX,
    () => false,
  );
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.scrollToTop}
      aria-label={t('scrollToTop')}
      title={t('scrollToTop')}
      data-testid="scroll-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <SvgIcon icon={ArrowUpOutlined} />
    </button>
  );
}
