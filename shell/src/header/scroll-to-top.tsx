import { ArrowUpOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCROLL_TO_TOP_PX } from '@pagemate/shared-contracts';
import { useScrolledPast } from '../menu/use-side-menu-collapse';

/** Appears after 100 px of scroll (docs/product.md §2). */
export function ScrollToTop() {
  const { t } = useTranslation('common');
  const visible = useScrolledPast(SCROLL_TO_TOP_PX);
  if (!visible) return null;
  return (
    <FloatButton
      icon={<ArrowUpOutlined />}
      aria-label={t('header.scrollToTop')}
      tooltip={t('header.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      data-testid="scroll-to-top"
    />
  );
}
