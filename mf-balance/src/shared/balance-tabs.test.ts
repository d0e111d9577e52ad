import { describe, expect, it } from 'vitest';
import { balanceLocationOf, balanceSearchOf } from './balance-tabs';

const at = (search: string) => balanceLocationOf(new URLSearchParams(search));

describe('balance page location', () => {
  it('reads the tab, defaulting to the overview', () => {
    expect(at('')).toEqual({ tab: 'overview', paymentId: null });
    expect(at('?tab=tokens')).toEqual({ tab: 'tokens', paymentId: null });
    expect(at('?tab=nonsense')).toEqual({ tab: 'overview', paymentId: null });
  });

  it('a payment means the deposit tab, whatever else the checkout appended', () => {
    expect(at('?payment=p1&status=PAID&cancel=true&code=00&orderCode=7')).toEqual({ tab: 'deposit', paymentId: 'p1' });
    expect(at('?tab=history&payment=p1')).toEqual({ tab: 'deposit', paymentId: 'p1' });
  });

  it('writes only tab and payment', () => {
    expect(balanceSearchOf({ tab: 'deposit', paymentId: 'p 1' }).toString()).toBe('tab=deposit&payment=p+1');
    expect(balanceSearchOf({ tab: 'history', paymentId: null }).toString()).toBe('tab=history');
  });
});
