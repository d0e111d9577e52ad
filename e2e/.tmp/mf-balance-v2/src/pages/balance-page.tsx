import { Alert, Button, Card, Statistic } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchTotalBalance,
  formatVnd,
  selectPaymentError,
  selectPaymentStatus,
  selectSessionUser,
  selectTotalBalance,
  useAppDispatch,
  useAppSelector,
} from '@pagemate/shared-contracts';

export function BalancePage() {
  const { t } = useTranslation('balance');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const total = useAppSelector(selectTotalBalance);
  const status = useAppSelector(selectPaymentStatus);
  const error = useAppSelector(selectPaymentError);

  useEffect(() => {
    if (user) void dispatch(fetchTotalBalance(user.userId));
  }, [dispatch, user]);

  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{t('overview.heading')}</h1>}>
      {status === 'failed' && error ? <Alert type="error" showIcon title={t('errors.fetchBalance')} style={{ marginBottom: 16 }} /> : null}
      <Statistic title={t('overview.total')} value={formatVnd(total)} loading={status === 'loading'} />
      <Button style={{ marginTop: 16 }} onClick={() => user && void dispatch(fetchTotalBalance(user.userId))} disabled={!user}>
        {t('overview.refresh')}
      </Button>
    </Card>
  );
}
