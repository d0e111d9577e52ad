import { DollarOutlined, HistoryOutlined, LineChartOutlined, RobotOutlined, WalletOutlined } from '@ant-design/icons';
import { Flex, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTotalBalance, useAppDispatch, useUserId } from '@pagemate/shared-contracts';
import { DepositForm } from '../features/deposit/deposit-form';
import { BalanceTransactionsTable } from '../features/history/balance-transactions-table';
import { DepositHistoryTable } from '../features/history/deposit-history-table';
import { TokenTransactionsTable } from '../features/history/token-transactions-table';
import { BalanceOverview } from '../features/overview/balance-overview';
import { PaymentScreen } from '../features/payment/payment-screen';
import { useBalanceLocation, type BalanceTab } from '../shared/balance-tabs';

/**
 * `/user-dashboard/balance`: one route, five tabs. The tab (and the payment being paid) live in the query,
 * `?tab=overview|deposit|history|balance|tokens` and `?payment=<id>`, so links, reloads and the checkout's
 * return all land in the right place.
 */
export function BalancePage() {
  const { t } = useTranslation('balance');
  const dispatch = useAppDispatch();
  const userId = useUserId();
  const { tab, paymentId, go } = useBalanceLocation();

  useEffect(() => {
    if (userId) void dispatch(fetchTotalBalance(userId));
  }, [dispatch, userId]);

  const show = (next: BalanceTab) => go({ tab: next, paymentId: null });

  const items = [
    {
      key: 'overview',
      label: t('tabs.overview'),
      icon: <LineChartOutlined />,
      children: <BalanceOverview onDeposit={() => show('deposit')} />,
    },
    {
      key: 'deposit',
      label: t('tabs.deposit'),
      icon: <WalletOutlined />,
      children: paymentId ? (
        <PaymentScreen
          key={paymentId}
          paymentId={paymentId}
          onRetry={() => show('deposit')}
          onHistory={() => show('history')}
          onOverview={() => show('overview')}
        />
      ) : (
        <DepositForm onCreated={(payment) => go({ tab: 'deposit', paymentId: payment.payment_id })} />
      ),
    },
    { key: 'history', label: t('tabs.history'), icon: <HistoryOutlined />, children: <DepositHistoryTable /> },
    { key: 'balance', label: t('tabs.balance'), icon: <DollarOutlined />, children: <BalanceTransactionsTable /> },
    { key: 'tokens', label: t('tabs.tokens'), icon: <RobotOutlined />, children: <TokenTransactionsTable /> },
  ];

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('overview.heading')}
      </Typography.Title>
      <Tabs activeKey={tab} onChange={(key) => show(key as BalanceTab)} items={items} />
    </Flex>
  );
}
