import { RobotFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The brand mark; links to `/` (docs/product.md §2). Its name starts with the brand it shows (WCAG 2.5.3, label in name). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Link to="/" aria-label={`${t('brand.name')} – ${t('menu.home')}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 18, color: inverted ? '#fff' : undefined }}>
      <RobotFilled style={{ color: inverted ? '#fff' : token.colorPrimary, fontSize: 22 }} aria-hidden />
      <span className="pm-hide-narrow">{t('brand.name')}</span>
    </Link>
  );
}
