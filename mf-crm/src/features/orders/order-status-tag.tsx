import type { OrderStatus } from '@pagemate/shared-contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './order-model';

/** An order's status in its colour: new blue, confirmed cyan, shipping gold, delivered green, cancelled red. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('crm');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="order-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`orders.statuses.${status}`)}
    </Tag>
  );
}
