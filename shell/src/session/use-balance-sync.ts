import { selectSessionUser, useAppSelector, useTotalBalanceQuery } from '@pagemate/shared-contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';

/** How often the header's "Bal: … VNĐ" is refreshed while the tab is in front (AI replies spend in the background). */
export const BALANCE_REFRESH_MS = 60_000;

/**
 * Keeps the total balance the header shows fresh: asked on sign-in and whenever the layout mounts, again every
 * minute while the tab is in front and on return to it, and at once when a screen that spends or credits
 * invalidates the balance (the query is subscribed as long as the layout is on screen).
 */
export function useBalanceSync(): void {
  const userId = useAppSelector(selectSessionUser)?.userId;
  const { refetch } = useTotalBalanceQuery(userId ?? skipToken, {
    pollingInterval: BALANCE_REFRESH_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (!userId) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [refetch, userId]);
}

/**
 * The sync as a component that draws nothing: the query's answers (and every poll) re-render it alone, not the
 * layout, header and menus that would hold the hook.
 */
export function BalanceSync(): null {
  useBalanceSync();
  return null;
}
