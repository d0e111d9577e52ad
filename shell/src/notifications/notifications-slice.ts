import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@pagemate/shared-contracts';

export interface NotificationItem {
  id: string;
  /** Key under `notifications.samples` of the common namespace. */
  sampleKey: string;
  minutesAgo: number;
}

export interface NotificationsState {
  items: NotificationItem[];
}

/** The header's five sample notifications (spec §2); real events replace them in later issues. */
const SAMPLES: NotificationItem[] = [
  { id: 'n1', sampleKey: 'newComment', minutesAgo: 2 },
  { id: 'n2', sampleKey: 'botReplied', minutesAgo: 9 },
  { id: 'n3', sampleKey: 'lowBalance', minutesAgo: 35 },
  { id: 'n4', sampleKey: 'newOrder', minutesAgo: 60 },
  { id: 'n5', sampleKey: 'postPublished', minutesAgo: 180 },
];

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: SAMPLES } as NotificationsState,
  reducers: {
    notificationDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

declare module '@pagemate/shared-contracts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof notificationsSlice> {}
}

export const injectedNotificationsSlice = notificationsSlice.injectInto(rootReducer);
export const { notificationDismissed } = notificationsSlice.actions;
export const { selectNotifications } = injectedNotificationsSlice.selectors;
