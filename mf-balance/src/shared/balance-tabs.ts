import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

export const BALANCE_TABS = ['overview', 'deposit', 'history', 'balance', 'tokens'] as const;
export type BalanceTab = (typeof BALANCE_TABS)[number];

function isBalanceTab(value: string | null): value is BalanceTab {
  return value !== null && (BALANCE_TABS as readonly string[]).includes(value);
}

export interface BalanceLocation {
  tab: BalanceTab;
  /** The payment being paid, from `?payment=<id>` (where the provider's checkout sends the browser back). */
  paymentId: string | null;
}

/** Reads the page's place from the query: a payment implies the deposit tab; an unknown tab is the overview. */
export function balanceLocationOf(params: URLSearchParams): BalanceLocation {
  const paymentId = params.get('payment') || null;
  const tab = params.get('tab');
  if (paymentId) return { tab: 'deposit', paymentId };
  return { tab: isBalanceTab(tab) ? tab : 'overview', paymentId: null };
}

/**
 * The query for a place. Only `tab` and `payment` are written: whatever else came back from a checkout
 * (PayOS adds status, cancel, code, orderCode) is dropped, because the payment status comes from our server.
 */
export function balanceSearchOf({ tab, paymentId }: BalanceLocation): URLSearchParams {
  const params = new URLSearchParams({ tab });
  if (paymentId) params.set('payment', paymentId);
  return params;
}

/**
 * The active tab and payment, mirrored in the URL so links and reloads keep them. What a checkout appended
 * to the return URL (status=PAID…) is replaced away at once, so a reload cannot suggest an outcome either.
 */
export function useBalanceLocation(): BalanceLocation & { go(next: BalanceLocation): void } {
  const [params, setParams] = useSearchParams();
  const { tab, paymentId } = balanceLocationOf(params);
  const canonical = balanceSearchOf({ tab, paymentId }).toString();
  const hasForeignParams = [...params.keys()].some((key) => key !== 'tab' && key !== 'payment');
  useEffect(() => {
    if (hasForeignParams) setParams(new URLSearchParams(canonical), { replace: true });
  }, [hasForeignParams, canonical, setParams]);
  const go = useCallback((next: BalanceLocation) => setParams(balanceSearchOf(next)), [setParams]);
  return { tab, paymentId, go };
}
