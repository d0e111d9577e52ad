import { describe, expect, it } from 'vitest';
import { aClient, anOrder } from '../../test/fake-crm-api';
import { conversationHref, filterClients, phoneProblem } from '../clients/client-model';
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

describe('client model', () => {
  it('searches names without accents and phones without separators', () => {
    const clients = [aClient({ id: 'a', name: 'Đặng Hoà', phone: '090.111.2222' }), aClient({ id: 'b', name: 'Lan', phone: '' })];
    expect(filterClients(clients, 'dang hoa').map((c) => c.id)).toEqual(['a']);
    expect(filterClients(clients, '0901112').map((c) => c.id)).toEqual(['a']);
    expect(filterClients(clients, '  ').map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('accepts digits, spaces and + ( ) . - in a phone of at most 32 characters', () => {
    expect(phoneProblem('+84 (90) 111-22.22')).toBeNull();
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('090x')).toBe('chars');
    expect(phoneProblem('1'.repeat(33))).toBe('too_long');
  });

  it('opens a conversation in the manager of its kind', () => {
    expect(conversationHref({ kind: 'comment', page_id: 'p 1', thread_id: 't1' })).toBe('/user-dashboard/comment-manager/?page=p+1&thread=t1');
    expect(conversationHref({ kind: 'message', page_id: 'p1', thread_id: 't2' })).toBe('/user-dashboard/message-manager/?page=p1&thread=t2');
  });
});
