import { CommentOutlined, MessageOutlined } from '@ant-design/icons';
import { apiErrorText, AppLink, type Client, formatVietnamDateTime, formatVnd } from '@pagemate/shared-contracts';
import { Button, Descriptions, Empty, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientDetailQuery } from '../../shared/clients-api';
import { customerLabel } from '../../shared/customer';
import { formatDay } from '../../shared/format-day';
import { conversationHref } from '../../shared/links';
import { OrderStatusTag } from '../../shared/order-status-tag';
import { telHref } from '../../shared/phone';
import { ThreadStateTag } from '../../shared/thread-state-tag';
import { RetryAlert } from '../../shared/retry-alert';

interface ClientDetailProps {
  /** The client as the list knows it: shown at once, replaced by the detail's copy when it arrives. */
  client: Client;
  userId: string;
  pageName(pageId: string | undefined): string;
  onClose(): void;
}

/** The client detail modal: their fields, their conversations (each opens in its manager), their orders. */
export function ClientDetailModal({ client: known, userId, pageName, onClose }: ClientDetailProps) {
  const { t } = useTranslation('crm');
  const detail = useClientDetailQuery({ id: known.id, user_id: userId });
  const client = detail.data?.client ?? known;

  let lists;
  if (detail.isLoading) lists = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (detail.isError && !detail.data) {
    lists = (
      <RetryAlert title={t('clients.detail.loadFailed', { error: apiErrorText(t, detail.error, 'crm') })} retry={t('clients.retry')} onRetry={() => void detail.refetch()} />
    );
  } else {
    const conversations = detail.data?.conversations ?? [];
    const orders = detail.data?.orders ?? [];
    lists = (
      <>
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 8 }}>
          {t('clients.detail.conversations', { count: conversations.length })}
        </Typography.Title>
        {conversations.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clients.detail.noConversations')} />
        ) : (
          <Flex vertical gap={8} role="list">
            {conversations.map((thread) => (
              <Flex key={thread.thread_id} role="listitem" vertical gap={4} data-testid="client-conversation" data-thread-id={thread.thread_id} style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingBottom: 8 }}>
                <Flex gap={8} align="center" wrap>
                  <Tag icon={thread.kind === 'comment' ? <CommentOutlined aria-hidden /> : <MessageOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                    {t(`clients.detail.kinds.${thread.kind}`)}
                  </Tag>
                  <Typography.Text strong>{customerLabel(thread, t)}</Typography.Text>
                  <ThreadStateTag state={thread.state} />
                  <Typography.Text type="secondary">{formatVietnamDateTime(thread.last_at)}</Typography.Text>
                </Flex>
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {thread.last_text}
                </Typography.Paragraph>
                <AppLink to={conversationHref(thread)} testId="client-conversation-link">
                  {t('clients.detail.open')}
                </AppLink>
              </Flex>
            ))}
          </Flex>
        )}
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
          {t('clients.detail.orders', { count: orders.length })}
        </Typography.Title>
        {orders.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clients.detail.noOrders')} />
        ) : (
          <Flex vertical gap={8} role="list">
            {orders.map((order) => (
              <Flex key={order.orderId} role="listitem" justify="space-between" align="center" gap={8} wrap data-testid="client-order" data-order-id={order.orderId}>
                <Flex vertical>
                  <Typography.Text strong>{order.productName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('clients.detail.quantity', { count: order.quantity })} · {formatDay(order.created_at)}
                  </Typography.Text>
                </Flex>
                <Flex gap={8} align="center">
                  <Typography.Text strong>{formatVnd(order.totalPrice)}</Typography.Text>
                  <OrderStatusTag status={order.status} />
                </Flex>
              </Flex>
            ))}
          </Flex>
        )}
      </>
    );
  }

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('clients.detail.title', { name: client.name })}
      width={720}
      footer={<Button onClick={onClose}>{t('clients.detail.close')}</Button>}
    >
      <div data-testid="client-detail" data-client-id={client.id}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'phone', label: t('clients.columns.phone'), children: client.phone ? <a href={telHref(client.phone)}>{client.phone}</a> : '—' },
            { key: 'page', label: t('clients.columns.page'), children: pageName(client.page_id) },
            { key: 'color', label: t('clients.columns.favoriteColor'), children: client.favoriteColor || '—' },
            { key: 'style', label: t('clients.columns.stylePreference'), children: client.stylePreference || '—' },
            { key: 'orders', label: t('clients.columns.orders'), children: client.order_count },
            { key: 'created', label: t('clients.columns.createdAt'), children: formatDay(client.created_at) || '—' },
            ...(client.note ? [{ key: 'note', label: t('clients.detail.note'), span: 2, children: <span style={{ whiteSpace: 'pre-wrap' }}>{client.note}</span> }] : []),
          ]}
        />
        {lists}
      </div>
    </Modal>
  );
}
