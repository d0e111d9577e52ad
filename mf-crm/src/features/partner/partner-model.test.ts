import { describe, expect, it } from 'vitest';
import { aPartnerClient, aPartnerOrder, aStaffMember } from '../../test/fake-crm-api';
import { emailAccepted, filterPartnerClients, managerChoices, orderSummary, shortOrderId, staffBodyOf, staffFieldOfIssue } from './partner-model';

describe('partner model', () => {
  it('sums the orders not cancelled', () => {
    const orders = [aPartnerOrder({ totalPrice: 100 }), aPartnerOrder({ totalPrice: 50, status: 'cancelled' }), aPartnerOrder({ totalPrice: 25, status: 'delivered' })];
    expect(orderSummary(orders)).toEqual({ count: 3, value: 125 });
    expect(orderSummary([])).toEqual({ count: 0, value: 0 });
  });

  it('shortens long order ids only', () => {
    expect(shortOrderId('7f3a9c21-0b4e-4d7a')).toBe('7f3a9c21');
    expect(shortOrderId('o-1')).toBe('o-1');
  });

  it('finds clients by name without marks, by shop, or by phone digits', () => {
    const clients = [aPartnerClient({ id: 'a', name: 'Đặng Văn Lâm', phone: '0912 345 678' }), aPartnerClient({ id: 'b', name: 'Mai', phone: '', shop_name: 'giaydep_an' })];
    expect(filterPartnerClients(clients, 'dang van lam').map((c) => c.id)).toEqual(['a']);
    expect(filterPartnerClients(clients, '345 678').map((c) => c.id)).toEqual(['a']);
    expect(filterPartnerClients(clients, 'GIAYDEP').map((c) => c.id)).toEqual(['b']);
    expect(filterPartnerClients(clients, '  ').map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('accepts what the contract accepts as an email', () => {
    expect(emailAccepted('')).toBe(true);
    expect(emailAccepted('  anh@agency.vn ')).toBe(true);
    expect(emailAccepted('anh@agency')).toBe(false);
    expect(emailAccepted('anh agency.vn')).toBe(false);
  });

  it('places server issues on fields by the last segment of their path', () => {
    expect(staffFieldOfIssue('email')).toBe('email');
    expect(staffFieldOfIssue('body.phone')).toBe('phone');
    expect(staffFieldOfIssue('/name')).toBe('name');
    expect(staffFieldOfIssue('shop_id')).toBeNull();
    expect(staffFieldOfIssue('')).toBeNull();
  });

  it('trims the body and keeps the id of an edit', () => {
    expect(staffBodyOf({ name: ' An ', email: ' a@b.vn ', phone: ' 09 ', role: 'sales', active: false, note: ' x ' }, 'st-9')).toEqual({
      id: 'st-9',
      name: 'An',
      email: 'a@b.vn',
      phone: '09',
      role: 'sales',
      active: false,
      note: 'x',
    });
  });

  it('offers active members, and the current manager even when inactive', () => {
    const team = [aStaffMember({ id: 'a' }), aStaffMember({ id: 'b', active: false }), aStaffMember({ id: 'c', active: false })];
    expect(managerChoices(team, null).map((m) => m.id)).toEqual(['a']);
    expect(managerChoices(team, 'c').map((m) => m.id)).toEqual(['a', 'c']);
  });
});
