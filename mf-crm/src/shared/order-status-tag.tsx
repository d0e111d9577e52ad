import type { OrderStatus } from '@pagemate/shared-contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tag colour of each status. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  new: 'blue',
  confirmed: 'cyan',
  shipping: 'gold',
  delivered: 'green',
  cancelled: 'red',
};

/** An order's status in its colour: new blue, confirmed cyan, shipping gold, delivered green, cancelled red. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('crm');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="order-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`orders.statuses.${status}`)}
    </Tag>
  );
}
