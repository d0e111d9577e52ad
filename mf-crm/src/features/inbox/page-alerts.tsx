import { AppLink } from '@pagemate/shared-contracts';
import type { FacebookPage, InboxKind } from '@pagemate/shared-contracts';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { answersOn } from '../../shared/pages';
import { DEPOSIT_HREF, PAGE_MANAGER_HREF } from '../../shared/links';

/** Why the bot may not answer on the chosen page at all: reconnect, funds, the daily cap, or no subscription. */
export function PageAlerts({ page, kind }: { page: FacebookPage; kind: InboxKind }) {
  const { t } = useTranslation('crm');
  const name = page.page_name;
  const alerts = [];
  if (page.needs_reconnect) {
    alerts.push(
      <Alert
        key="reconnect"
        type="warning"
        showIcon
        data-testid="page-alert-reconnect"
        title={t('inbox.alerts.needsReconnect.title', { page: name })}
        description={t('inbox.alerts.needsReconnect.description')}
        action={<AppLink to={PAGE_MANAGER_HREF}>{t('inbox.pageManager')}</AppLink>}
      />,
    );
  }
  if (page.bot_paused === 'no_funds') {
    alerts.push(
      <Alert
        key="funds"
        type="error"
        showIcon
        data-testid="page-alert-no-funds"
        title={t('inbox.alerts.noFunds.title', { page: name })}
        description={t('inbox.alerts.noFunds.description')}
        action={
          <AppLink to={DEPOSIT_HREF} testId="deposit-link">
            {t('inbox.alerts.deposit')}
          </AppLink>
        }
      />,
    );
  }
  if (page.bot_paused === 'daily_cap') {
    alerts.push(
      <Alert
        key="cap"
        type="warning"
        showIcon
        data-testid="page-alert-daily-cap"
        title={t('inbox.alerts.dailyCap.title', { page: name })}
        description={t('inbox.alerts.dailyCap.description')}
      />,
    );
  }
  if (!page.needs_reconnect && !answersOn(page, kind)) {
    alerts.push(
      <Alert
        key="subscription"
        type="info"
        showIcon
        data-testid="page-alert-not-subscribed"
        title={t(`inbox.alerts.notSubscribed.${kind}`, { page: name })}
        action={<AppLink to={PAGE_MANAGER_HREF}>{t('inbox.pageManager')}</AppLink>}
      />,
    );
  }
  return alerts.length === 0 ? null : (
    <Flex vertical gap={8}>
      {alerts}
    </Flex>
  );
}
