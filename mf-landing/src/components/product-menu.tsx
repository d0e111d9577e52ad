import { CustomerServiceOutlined, DollarOutlined, DownOutlined, ScheduleOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import {
  findRoute,
  formatVnd,
  homePathFor,
  hrefOf,
  selectPaymentStatus,
  selectSessionUser,
  selectTotalBalance,
  useAppSelector,
} from '@pagemate/shared-contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The header's Product dropdown (spec §2): profile, task manager, Bal, balance, support. Signed-out visitors
 * who follow a dashboard link are sent to sign in by the shell's access check. "Bal" shows the amount only
 * once the shell has loaded it, so a visitor never sees a made-up 0 VNĐ.
 */
export function ProductMenu() {
  const { t } = useTranslation('landing-page');
  const [open, setOpen] = useState(false);
  const user = useAppSelector(selectSessionUser);
  const totalBalance = useAppSelector(selectTotalBalance);
  const balanceStatus = useAppSelector(selectPaymentStatus);
  const balanceHref = hrefOf(findRoute('balance').path);
  const balanceKnown = Boolean(user) && balanceStatus === 'succeeded';

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined aria-hidden />,
      label: <Link to={hrefOf(homePathFor(user?.role))}>{t('header.product.profile')}</Link>,
    },
    {
      key: 'task-manager',
      icon: <ScheduleOutlined aria-hidden />,
      label: <Link to={hrefOf(findRoute('post-manager').path)}>{t('header.product.taskManager')}</Link>,
    },
    {
      key: 'bal',
      icon: <WalletOutlined aria-hidden />,
      label: (
        <Link to={balanceHref}>
          {balanceKnown ? t('header.product.balWithAmount', { amount: formatVnd(totalBalance) }) : t('header.product.bal')}
        </Link>
      ),
    },
    {
      key: 'balance',
      icon: <DollarOutlined aria-hidden />,
      label: <Link to={balanceHref}>{t('header.product.balance')}</Link>,
    },
    {
      key: 'support',
      icon: <CustomerServiceOutlined aria-hidden />,
      label: <a href="#contact">{t('header.product.support')}</a>,
    },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} open={open} onOpenChange={setOpen}>
      <Button type="text" aria-haspopup="menu" aria-expanded={open} icon={<DownOutlined aria-hidden />} iconPlacement="end">
        {t('header.product.label')}
      </Button>
    </Dropdown>
  );
}
