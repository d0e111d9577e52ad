import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '@pagemate/shared-contracts';

export type StatusFilter = 'all' | OrderStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...ORDER_STATUSES];

/** The contract's limits of an order (`saveOrder`). */
export const ORDER_LIMITS = { productMax: 200, priceMax: 1_000_000_000, quantityMax: 100_000, addressMax: 1_000, noteMax: 2_000 } as const;

export function statusCounts(orders: readonly Order[]): Record<StatusFilter, number> {
  const counts = { all: orders.length } as Record<StatusFilter, number>;
  for (const status of ORDER_STATUSES) counts[status] = orders.filter((order) => order.status === status).length;
  return counts;
}

export function ordersOf(orders: readonly Order[], filter: StatusFilter): Order[] {
  return filter === 'all' ? [...orders] : orders.filter((order) => order.status === filter);
}

/** The statuses an order may move to now (none once delivered or cancelled). */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status];
}

/** The order form as the modal holds it. */
export interface OrderFormValues {
  productName: string;
  unitPrice: number | null;
  quantity: number | null;
  deliveryAddress: string;
  clientId: string | null;
  pageId: string | null;
  note: string;
}

export function emptyOrderForm(pageId: string | null = null): OrderFormValues {
  return { productName: '', unitPrice: null, quantity: 1, deliveryAddress: '', clientId: null, pageId, note: '' };
}

/** The total as the form shows it while typing: price × quantity, or null until both are valid. */
export function liveTotal(unitPrice: number | null | undefined, quantity: number | null | undefined): number | null {
  if (typeof unitPrice !== 'number' || typeof quantity !== 'number' || unitPrice < 0 || quantity < 1) return null;
  return Math.trunc(unitPrice) * Math.trunc(quantity);
}

/** A new order's `saveOrder` body: no orderId, status `new`. */
export function newOrderBody(values: OrderFormValues, userId: string) {
  return {
    user_id: userId,
    productName: values.productName.trim(),
    unitPrice: Math.trunc(values.unitPrice ?? 0),
    quantity: Math.trunc(values.quantity ?? 1),
    deliveryAddress: values.deliveryAddress.trim(),
    status: 'new' as const,
    ...(values.pageId ? { page_id: values.pageId } : {}),
    client_id: values.clientId ?? null,
    note: values.note.trim(),
  };
}

/** An existing order moved to another status: every field as it is (the server resets those left out, the client link too). */
export function statusChangeBody(order: Order, status: OrderStatus, userId: string) {
  return {
    user_id: userId,
    orderId: order.orderId,
    productName: order.productName,
    unitPrice: order.unitPrice,
    quantity: order.quantity,
    deliveryAddress: order.deliveryAddress,
    status,
    ...(order.page_id ? { page_id: order.page_id } : {}),
    client_id: order.client_id,
    note: order.note,
  };
}
