import { fetchTotalBalance, selectSessionUser, useAppDispatch, useAppSelector } from '@pagemate/shared-contracts';
import { useEffect } from 'react';

/** How often the header's "Bal: … VNĐ" is refreshed while the tab is in front (AI replies spend in the background). */
export const BALANCE_REFRESH_MS = 60_000;

/** Keeps the shared payment slice's total balance fresh for the header: on sign-in, on return to the tab, every minute. */
export function useBalanceSync(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectSessionUser)?.userId;

  useEffect(() => {
    if (!userId) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void dispatch(fetchTotalBalance(userId));
    };
    refresh();
    const timer = window.setInterval(refresh, BALANCE_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [dispatch, userId]);
}
