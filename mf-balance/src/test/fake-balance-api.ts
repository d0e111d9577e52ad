export { FakeApiError, fakeApi as fakeBalanceApi, type Call } from '@pagemate/shared-contracts/testing';
import type { BalanceSummary, Deposit } from '@pagemate/shared-contracts';


export const NOW = new Date('2025-03-04T03:00:00Z');

export function aDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    payment_id: 'pay-1',
    amount: 100_000,
    status: 'pending',
    created_at: NOW.toISOString(),
    order_code: 250304001,
    provider: 'sandbox',
    description: 'PM 250304001',
    expires_at: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
    paid_at: null,
    checkout_url: 'http://api.test/sandbox/checkout/pay-1',
    qr_code: '00020101021238570010A000000727',
    ...overrides,
  };
}

export function aSummary(overrides: Partial<BalanceSummary> = {}): BalanceSummary {
  return {
    total_balance: 50_000,
    reserved: 0,
    spent_this_month: 12_345,
    deposited_this_month: 200_000,
    low_balance_threshold: 20_000,
    daily: [
      { date: '2025-03-02', spend: 2_000, deposits: 0 },
      { date: '2025-03-03', spend: 10_345, deposits: 200_000 },
      { date: '2025-03-04', spend: 0, deposits: 0 },
    ],
    ...overrides,
  };
}



