import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { apiErrorCode, apiErrorText, AppLink, formatVietnamDateTime, formatVnd, type Order, type OrderStatus } from '@pagemate/shared-contracts';
import { App, Button, Flex, Segmented, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientDetailQuery, useClientListQuery } from '../../shared/clients-api';
import { conversationHref } from '../../shared/links';
import { OrderStatusTag } from '../../shared/order-status-tag';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { useConnectedPages } from '../../shared/page-gate';
import { PageLocated, type PageLocation } from '../../shared/page-location';
import { RetryAlert } from '../../shared/retry-alert';
import { ScreenHeader } from '../../shared/screen-header';
import { OrderForm } from './order-form';
import { nextStatuses, ordersOf, STATUS_FILTERS, statusChangeBody, statusCounts, type StatusFilter } from './order-model';
import { useOrderListQuery, useOrderSaveMutation } from './orders-api';

/**
 * The order manager: every page's orders or one page's, by status with counts; enter an order by hand, move
 * one along its life (new → confirmed → shipping → delivered, or cancelled). Orders the bot captured link to
 * their conversation.
 */
export function OrderScreen() {
  return <PageLocated>{(location) => <OrdersView location={location} />}</PageLocated>;
}

/** A failed save in words: a refused status change (409) in the server's own words, else as every failure. */
function saveErrorText(t: Parameters<typeof apiErrorText>[0], error: unknown): string {
  if (apiErrorCode(error) === 'CONFLICT' && typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return apiErrorText(t, error, 'crm');
}

/** The page filter is `?page=` in the shell (a reload or a shared link keeps it); none: every page. */
function OrdersView({ location: { pageId, choosePage } }: { location: PageLocation }) {
  const { t } = useTranslation('crm');
  const { message, modal } = App.useApp();
  const { userId, pages } = useConnectedPages();
  const clientsQuery = useClientListQuery(userId ?? skipToken);
  const list = useOrderListQuery(userId === null ? skipToken : pageId === null ? { user_id: userId } : { user_id: userId, page_id: pageId });
  const [saveOrder] = useOrderSaveMutation();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [adding, setAdding] = useState<number | null>(null);
  const [changing, setChanging] = useState<string | null>(null);

  const orders = useMemo(() => list.currentData ?? [], [list.currentData]);
  const counts = statusCounts(orders);
  const shown = useMemo(() => ordersOf(orders, status), [orders, status]);
  const statusLabel = (value: OrderStatus) => t(`orders.statuses.${value}`);

  const move = async (order: Order, next: OrderStatus) => {
    if (userId === null) return;
    setChanging(order.orderId);
    const result = await saveOrder(statusChangeBody(order, next, userId));
    setChanging(null);
    if (result.error === undefined) void message.success(t('orders.statusChanged', { status: statusLabel(next) }));
    else void message.error(t('orders.statusFailed', { error: saveErrorText(t, result.error) }));
  };
  const choose = (order: Order, next: OrderStatus) => {
    if (next !== 'cancelled') {
      void move(order, next);
      return;
    }
    void modal.confirm({
      title: t('orders.cancelConfirm.title'),
      content: t('orders.cancelConfirm.description'),
      okText: t('orders.cancelConfirm.ok'),
      cancelText: t('orders.cancelConfirm.cancel'),
      okButtonProps: { danger: true },
      onOk: () => move(order, next),
    });
  };

  const columns: TableColumnsType<Order> = [
    { key: 'product', title: t('orders.columns.product'), render: (_value, order) => <Typography.Text strong>{order.productName}</Typography.Text> },
    { key: 'unitPrice', title: t('orders.columns.unitPrice'), align: 'right', render: (_value, order) => formatVnd(order.unitPrice), responsive: ['md'] },
    { key: 'quantity', title: t('orders.columns.quantity'), align: 'right', dataIndex: 'quantity' },
    { key: 'total', title: t('orders.columns.total'), align: 'right', render: (_value, order) => <Typography.Text strong>{formatVnd(order.totalPrice)}</Typography.Text> },
    { key: 'client', title: t('orders.columns.client'), render: (_value, order) => order.client_name || '—' },
    {
      key: 'address',
      title: t('orders.columns.address'),
      responsive: ['lg'],
      render: (_value, order) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: order.deliveryAddress }} style={{ margin: 0, maxWidth: 260 }}>
          {order.deliveryAddress || '—'}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: t('orders.columns.status'),
      render: (_value, order) => (
        <Flex vertical gap={4} align="start">
          <OrderStatusTag status={order.status} />
          <StatusSelect order={order} busy={changing === order.orderId} onChoose={(next) => choose(order, next)} />
        </Flex>
      ),
    },
    { key: 'source', title: t('orders.columns.source'), render: (_value, order) => (userId === null ? null : <OrderSource order={order} userId={userId} />) },
    { key: 'createdAt', title: t('orders.columns.createdAt'), render: (_value, order) => (order.created_at ? formatVietnamDateTime(order.created_at) : ''), responsive: ['md'] },
  ];

  let body;
  if (list.isError && !list.currentData) {
    body = (
      <RetryAlert
        title={t('orders.loadFailed')}
        description={apiErrorText(t, list.error, 'crm')}
        retry={t('orders.retry')}
        onRetry={() => void list.refetch()}
        testId="orders-error"
      />
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Segmented<StatusFilter>
          value={status}
          onChange={setStatus}
          aria-label={t('orders.statusFilter')}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          options={STATUS_FILTERS.map((key) => ({
            value: key,
            label: <span data-testid={`orders-filter-${key}`}>{`${key === 'all' ? t('orders.filters.all') : statusLabel(key)} (${counts[key]})`}</span>,
          }))}
        />
        <ListTable<Order>
          rowKey="orderId"
          loading={list.isFetching && !list.currentData}
          columns={columns}
          rows={shown}
          empty={<ListEmpty description={t('orders.empty')} testId="orders-empty" />}
          rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-id': order.orderId, 'data-status': order.status })}
        />
      </Flex>
    );
  }

  // A page no longer connected, named by the URL, stays in the filter so it can be seen and left.
  const pageOptions = [{ value: '', label: t('orders.allPages') }, ...pages.map(({ page }) => ({ value: page.page_id, label: page.page_name }))];
  if (pageId !== null && !pages.some((p) => p.page.page_id === pageId)) pageOptions.push({ value: pageId, label: pageId });

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={t('orderManager.title')}>
        <Select
            value={pageId ?? ''}
            onChange={(value: string) => choosePage(value === '' ? null : value)}
            aria-label={t('orders.pageFilter')}
            options={pageOptions}
            style={{ minWidth: 220, maxWidth: '100%' }}
            data-testid="orders-page-filter"
          />
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding((key) => (key ?? 0) + 1)} disabled={userId === null} data-testid="order-new">
            {t('orders.add')}
          </Button>
      </ScreenHeader>
      {body}
      {adding !== null && userId !== null ? (
        <OrderForm
          key={adding}
          userId={userId}
          pages={pages}
          clients={clientsQuery.currentData ?? []}
          pageId={pageId}
          onClose={() => setAdding(null)}
          onSaved={() => {
            void message.success(t('orders.created'));
            setAdding(null);
          }}
        />
      ) : null}
    </Flex>
  );
}

/** The next statuses an order may take; none once it is delivered or cancelled. */
function StatusSelect({ order, busy, onChoose }: { order: Order; busy: boolean; onChoose(next: OrderStatus): void }) {
  const { t } = useTranslation('crm');
  const next = nextStatuses(order.status);
  return (
    <Select<OrderStatus | null>
      size="small"
      value={null}
      loading={busy}
      disabled={busy || next.length === 0}
      placeholder={next.length === 0 ? t('orders.statusSelect.final') : t('orders.statusSelect.placeholder')}
      aria-label={t('orders.statusSelect.label', { product: order.productName })}
      onChange={(value) => {
        if (value) onChoose(value);
      }}
      options={next.map((value) => ({ value, label: t(`orders.statuses.${value}`) }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 140 }}
      data-testid="order-status-select"
    />
  );
}

/** "Bot" for an order the bot captured, with a link to its conversation (comment or message manager by its kind). */
function OrderSource({ order, userId }: { order: Order; userId: string }) {
  const { t } = useTranslation('crm');
  if (order.source !== 'bot') return <Typography.Text type="secondary">{t('orders.source.manual')}</Typography.Text>;
  const tag = (
    <Tooltip title={t('orders.source.botHint')}>
      <Tag color="geekblue" icon={<RobotOutlined aria-hidden />} data-testid="order-bot" style={{ marginInlineEnd: 0 }}>
        {t('orders.source.bot')}
      </Tag>
    </Tooltip>
  );
  return (
    <Flex vertical gap={2} align="start">
      {tag}
      {order.conversation_id && order.client_id ? <BotConversationLink conversationId={order.conversation_id} clientId={order.client_id} userId={userId} /> : null}
    </Flex>
  );
}

/**
 * An order carries its conversation's id but not its kind: the client's detail (one request per client, shared by
 * their orders) says which manager opens it.
 */
function BotConversationLink({ conversationId, clientId, userId }: { conversationId: string; clientId: string; userId: string }) {
  const { t } = useTranslation('crm');
  const detail = useClientDetailQuery({ id: clientId, user_id: userId });
  const thread = detail.data?.conversations.find((conversation) => conversation.thread_id === conversationId);
  if (!thread) return null;
  return (
    <AppLink to={conversationHref(thread)} testId="order-conversation-link">
      {t('orders.source.open')}
    </AppLink>
  );
}
