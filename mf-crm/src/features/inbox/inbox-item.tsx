import { CheckOutlined, ExclamationCircleOutlined, LoadingOutlined, RobotOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import { AppLink, formatVietnamDateTime, formatVnd, type InboxItem, type ReplyReason } from '@pagemate/shared-contracts';
import { Avatar, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatItemTime, itemOutcome } from './inbox-model';
import { DEPOSIT_HREF, PAGE_MANAGER_HREF } from '../../shared/links';

interface InboxItemProps {
  item: InboxItem;
  customerName: string;
  now: number;
}

/** Where a user can fix what stopped the bot, when there is such a place. */
function reasonAction(reason: ReplyReason | null): { href: string; key: 'deposit' | 'pageManager'; testId: string } | null {
  if (reason === 'no_funds') return { href: DEPOSIT_HREF, key: 'deposit', testId: 'reason-deposit-link' };
  if (reason === 'needs_reconnect' || reason === 'bot_off') return { href: PAGE_MANAGER_HREF, key: 'pageManager', testId: 'reason-page-manager-link' };
  return null;
}

/** One item as a chat bubble: the customer on the left; the bot (robot, cost) and you (person) on the right. */
export function InboxItemBubble({ item, customerName, now }: InboxItemProps) {
  const { t } = useTranslation('crm');
  const { token } = theme.useToken();
  const customer = item.author === 'customer';
  const bot = item.author === 'bot';

  const look = customer
    ? { background: token.colorFillQuaternary, border: token.colorBorderSecondary }
    : bot
      ? { background: token.colorPrimaryBg, border: token.colorPrimaryBorder }
      : { background: token.colorSuccessBg, border: token.colorSuccessBorder };
  const avatar = customer ? (
    <Avatar aria-hidden icon={<UserOutlined />} style={{ flex: 'none' }} />
  ) : bot ? (
    <Avatar aria-hidden icon={<RobotOutlined />} style={{ flex: 'none', background: token.colorPrimary }} />
  ) : (
    <Avatar aria-hidden icon={<UserOutlined />} style={{ flex: 'none', background: token.colorSuccess }} />
  );
  const who = customer ? customerName : t(`inbox.authors.${item.author}`);

  const meta: ReactNode[] = [
    <time key="time" dateTime={item.created_at} title={formatVietnamDateTime(item.created_at)}>
      {formatItemTime(item.created_at, now)}
    </time>,
  ];
  if (bot && item.cost !== null) meta.push(<span key="cost" data-testid="item-cost">{t('inbox.cost', { cost: formatVnd(item.cost) })}</span>);
  if (!customer && item.delivery && item.delivery !== 'sent') {
    meta.push(
      <Typography.Text key="delivery" type={item.delivery === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }} data-testid="item-delivery">
        {item.delivery === 'failed' ? <WarningOutlined aria-hidden /> : <LoadingOutlined aria-hidden />} {t(`inbox.delivery.${item.delivery}`)}
      </Typography.Text>,
    );
  }
  if (!customer && item.delivery === 'sent') meta.push(<CheckOutlined key="sent" aria-label={t('inbox.delivery.sent')} />);

  return (
    <Flex
      gap={8}
      justify={customer ? 'flex-start' : 'flex-end'}
      align="end"
      style={{ marginBottom: 12 }}
      data-testid="inbox-item"
      data-author={item.author}
      data-item-id={item.item_id}
    >
      {customer ? avatar : null}
      <Flex vertical gap={4} align={customer ? 'flex-start' : 'flex-end'} style={{ maxWidth: 'min(560px, 85%)' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="item-author">
          {bot ? <RobotOutlined aria-hidden /> : item.author === 'human' ? <UserOutlined aria-hidden /> : null} {who}
        </Typography.Text>
        <div
          style={{
            background: look.background,
            border: `1px solid ${look.border}`,
            borderRadius: token.borderRadiusLG,
            padding: '8px 12px',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            color: token.colorText,
          }}
        >
          {item.text || <Typography.Text type="secondary" italic>{t(item.author === 'customer' ? 'inbox.itemText.noText' : 'inbox.itemText.writing')}</Typography.Text>}
        </div>
        <Flex gap={8} align="center" wrap style={{ fontSize: 12, color: token.colorTextSecondary }}>
          {meta}
        </Flex>
        <Outcome item={item} />
      </Flex>
      {customer ? null : avatar}
    </Flex>
  );
}

/** Under a customer item the bot did not answer (or is answering): what happened, and where to fix it. */
function Outcome({ item }: { item: InboxItem }) {
  const { t } = useTranslation('crm');
  const outcome = itemOutcome(item);
  if (!outcome) return null;
  if (outcome.kind === 'pending') {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="item-outcome" data-outcome="pending">
        <LoadingOutlined aria-hidden /> {t('inbox.outcome.pending')}
      </Typography.Text>
    );
  }
  const reason = outcome.reason ? t(`inbox.reasons.${outcome.reason}`) : t('inbox.outcome.unknown');
  const action = reasonAction(outcome.reason);
  return (
    <Typography.Text
      type={outcome.failed ? 'danger' : 'warning'}
      style={{ fontSize: 12 }}
      data-testid="item-outcome"
      data-outcome={outcome.failed ? 'failed' : 'skipped'}
      data-reason={outcome.reason ?? ''}
    >
      <ExclamationCircleOutlined aria-hidden /> {t(outcome.failed ? 'inbox.outcome.failed' : 'inbox.outcome.notAnswered', { reason })}
      {action ? (
        <>
          {' · '}
          <AppLink to={action.href} testId={action.testId}>
            {t(`inbox.reasonActions.${action.key}`)}
          </AppLink>
        </>
      ) : null}
    </Typography.Text>
  );
}
