import { describe, expect, it } from 'vitest';
import { anOrder } from '../../test/fake-crm-api';
import { liveTotal, nextStatuses, statusChangeBody, statusCounts } from './order-model';

describe('order model', () => {
  it('moves an order only forward or to cancelled, never on from delivered or cancelled', () => {
    expect(nextStatuses('new')).toEqual(['confirmed', 'cancelled']);
    expect(nextStatuses('shipping')).toEqual(['delivered', 'cancelled']);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
  });

  it('counts by status and computes the live total only from valid numbers', () => {
    expect(statusCounts([anOrder(), anOrder({ status: 'new' }), anOrder({ status: 'delivered' })])).toEqual({ all: 3, new: 2, confirmed: 0, shipping: 0, delivered: 1, cancelled: 0 });
    expect(liveTotal(150_000, 3)).toBe(450_000);
    expect(liveTotal(0, 2)).toBe(0);
    expect(liveTotal(null, 2)).toBeNull();
    expect(liveTotal(10, 0)).toBeNull();
  });

  it('keeps every field and the client link when changing a status', () => {
    const order = anOrder({ client_id: 'cl-1', note: 'gấp', page_id: undefined });
    expect(statusChangeBody(order, 'confirmed', 'u-7')).toEqual({
      user_id: 'u-7', orderId: 'o-1', productName: 'Áo thun cotton', unitPrice: 150_000, quantity: 2, deliveryAddress: '12 Lý Thường Kiệt, Hà Nội', status: 'confirmed', client_id: 'cl-1', note: 'gấp',
    });
  });
});
