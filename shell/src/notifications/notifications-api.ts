import { api, endpointPath, type Notification } from '@pagemate/shared-contracts';

const LIST = { type: 'Notifications', id: 'LIST' } as const;

/** How often the header asks for new notifications while the tab is in front. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The signed-in user's notifications (low balance, deposits, AI paused…), kept on the server for every tab. */
export const notificationsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    notifications: build.query<Notification[], string>({
      query: (userId) => ({ url: endpointPath('notifications', { userId }) }),
      transformResponse: (data: { items: Notification[] }) => data.items,
      providesTags: [LIST],
    }),
    dismissNotifications: build.mutation<unknown, { userId: string; ids: string[] }>({
      query: ({ userId, ids }) => ({ url: endpointPath('dismissNotifications'), method: 'POST', data: { user_id: userId, ids } }),
      // Gone from the list at once; back if the server refused.
      async onQueryStarted({ userId, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', userId, (items) => items.filter((item) => !ids.includes(item.id))),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useNotificationsQuery, useDismissNotificationsMutation } = notificationsApi;
