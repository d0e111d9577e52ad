import { CustomerServiceOutlined, DollarOutlined, ScheduleOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons-svg';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { findRoute, hrefOf } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import { AppAnchor, useLandingEnv } from '../landing-env';
import styles from './landing.module.css';
import { MenuButton } from './menu-button';
import { SvgIcon } from './svg-icon';

/**
 * The header's Product menu (docs/product.md §2): profile, task manager, Bal, balance, support. Signed-out visitors
 * who follow a dashboard link are sent to sign in by the shell's access check. "Bal" shows the amount only
 * once the shell has loaded it, so a visitor never sees a made-up 0 VNĐ.
 */
export function ProductMenu() {
  const { t } = useTranslation('landing-page');
  const { balance, profileHref = hrefOf(findRoute('sign-in').path) } = useLandingEnv();
  const balanceHref = hrefOf(findRoute('balance').path);
  const entries: { key: string; icon: IconDefinition; href: string; label: string; page: boolean }[] = [
    { key: 'profile', icon: UserOutlined, href: profileHref, label: t('header.product.profile'), page: true },
    { key: 'task-manager', icon: ScheduleOutlined, href: hrefOf(findRoute('post-manager').path), label: t('header.product.taskManager'), page: true },
    {
      key: 'bal',
      icon: WalletOutlined,
      href: balanceHref,
      label: balance ? t('header.product.balWithAmount', { amount: balance }) : t('header.product.bal'),
      page: true,
    },
    { key: 'balance', icon: DollarOutlined, href: balanceHref, label: t('header.product.balance'), page: true },
    { key: 'support', icon: CustomerServiceOutlined, href: '#contact', label: t('header.product.support'), page: false },
  ];
  return (
    <MenuButton
      label={t('header.product.label')}
      items={entries.map(({ key, icon, href, label, page }) => ({
        key,
        render: ({ role, tabIndex, onDone }) => {
          const content = (
            <>
              <SvgIcon icon={icon} />
              {label}
            </>
          );
          return page ? (
            <AppAnchor href={href} role={role} tabIndex={tabIndex} className={styles.menuItem} onClick={onDone}>
              {content}
            </AppAnchor>
          ) : (
            <a href={href} role={role} tabIndex={tabIndex} className={styles.menuItem} onClick={onDone}>
              {content}
            </a>
          );
        },
      }))}
    />
  );
}
