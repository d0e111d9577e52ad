import { selectFromFirstRender, selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { NOTIFICATIONS_POLL_MS, useDismissNotificationsMutation, useNotificationsQuery } from './notifications-api';

/**
 * The signed-in user's notifications, refreshed while the tab is in front, with an optimistic dismiss. Only the
 * list and its state are read from the answer, so a request that starts (every poll) redraws nothing.
 */
export function useNotifications() {
  const user = useAppSelector(selectSessionUser);
  const { data = [], isLoading, isError, refetch } = useNotificationsQuery(user ? user.userId : skipToken, {
    pollingInterval: NOTIFICATIONS_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    selectFromResult: selectFromFirstRender(({ data, isLoading, isError }) => ({ data, isLoading, isError }), !user),
  });
  const [dismissMany] = useDismissNotificationsMutation();
  const dismiss = useCallback(
    (ids: string[]) => {
      if (user && ids.length > 0) void dismissMany({ userId: user.userId, ids });
    },
    [dismissMany, user],
  );
  return { items: data, isLoading, isError, refetch, dismiss };
}
