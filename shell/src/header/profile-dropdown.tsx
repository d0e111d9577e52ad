import { LogoutOutlined, ProfileOutlined, QuestionCircleOutlined, ScheduleOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  capitaliseRole,
  formatVndNumber,
  hrefOf,
  popupInHeader,
  selectSessionUser,
  selectTotalBalance,
  useAppSelector,
  useAppStore,
  visuallyHidden,
  type DropdownItem,
} from '@pagemate/shared-contracts';
import { logout } from '../session/session';

const ICONS: Record<string, ReactNode> = {
  profile: <UserOutlined />,
  tasks: <ScheduleOutlined />,
  bal: <WalletOutlined />,
  balance: <ProfileOutlined />,
  support: <QuestionCircleOutlined />,
};

/** Profile dropdown (docs/product.md §2): icon, label, href, optional badge; http links open in a new tab; Log Out last. */
export function ProfileDropdown() {
  const { t } = useTranslation('common');
  const store = useAppStore();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const user = useAppSelector(selectSessionUser);
  const totalBalance = useAppSelector(selectTotalBalance);
  if (!user) return null;

  const entries: DropdownItem[] = [
    { icon: 'profile', label: t('profile.profile'), href: hrefOf(user.role === 'user' ? '/user-dashboard' : '/partner-dashboard') },
    { icon: 'tasks', label: t('profile.taskManager'), href: hrefOf('/user-dashboard/post-manager') },
    { icon: 'bal', label: t('profile.bal', { amount: formatVndNumber(totalBalance) }), href: hrefOf('/user-dashboard/balance') },
    { icon: 'balance', label: t('profile.balance'), href: hrefOf('/user-dashboard/balance'), badge: { text: 'Hot', color: '#fff', bgColor: '#f5222d' } },
    { icon: 'support', label: t('profile.support'), href: 'https://www.facebook.com/help' },
  ];

  // Only the server's yes ends the session; otherwise the user stays signed in and is told so.
  const onLogout = async () => {
    if (await logout(store)) {
      void message.success(t('profile.logoutSuccess'));
      void navigate(hrefOf('/sign-in'));
    } else {
      void message.error(t('profile.logoutFailed'));
    }
  };

  const items = [
    ...entries.map((entry) => ({
      key: entry.label,
      icon: ICONS[entry.icon],
      label: entry.href.startsWith('http') ? (
        <a href={entry.href} target="_blank" rel="noopener noreferrer">
          {entry.label}
        </a>
      ) : (
        <Link to={entry.href} data-testid={entry.icon === 'bal' ? 'profile-bal' : undefined}>
          {entry.label}
          {entry.badge ? (
            <Tag color={entry.badge.bgColor} variant="solid" style={{ marginInlineStart: 8, color: entry.badge.color }}>
              {entry.badge.text}
            </Tag>
          ) : null}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('profile.logout'), onClick: () => void onLogout(), danger: true },
  ];

  return (
    <Dropdown trigger={['click']} getPopupContainer={popupInHeader} menu={{ items }}>
      {/* Named by what it shows, then what it is (WCAG 2.5.3, label in name): no aria-label over the visible name. */}
      <Button type="text" data-testid="profile-button" style={{ height: 'auto' }}>
        <Space>
          {/* A fixed size: "small" follows controlHeight, which grows to a thumb's target on a phone and would push the header wider than the screen. */}
          <Avatar size={24} icon={<UserOutlined />} aria-hidden />
          <span className="pm-hide-narrow" style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.2, textAlign: 'start' }}>
            <Typography.Text strong data-testid="header-username">
              {user.username}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="header-role">
              {capitaliseRole(user.role)}
            </Typography.Text>
          </span>
        </Space>
        <span style={visuallyHidden}>{t('header.account')}</span>
      </Button>
    </Dropdown>
  );
}
