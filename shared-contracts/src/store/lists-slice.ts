import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  BotConfig,
  Client,
  CollectionFile,
  FacebookAccount,
  Identity,
  InboxThread,
  Order,
  Procedure,
  ScheduledPost,
} from '../contracts/entities.js';

/** List state of docs/product.md §3: the lists the dashboards show first (`persistence.ts` says which are kept under `root`). */
export interface ListsState {
  listProcedure: Procedure[];
  listIdentity: Identity[];
  listConfig: BotConfig[];
  listPage: FacebookAccount[];
  listPost: ScheduledPost[];
  listComment: InboxThread[];
  listMessage: InboxThread[];
  listClient: Client[];
  listOrder: Order[];
  /** Files and collections of the user (cached locally and shown first, docs/product.md §4). */
  listFile: CollectionFile[];
}
export type ListName = keyof ListsState;

const initialState: ListsState = {
  listProcedure: [],
  listIdentity: [],
  listConfig: [],
  listPage: [],
  listPost: [],
  listComment: [],
  listMessage: [],
  listClient: [],
  listOrder: [],
  listFile: [],
};

export const listsSlice = createSlice({
  name: 'lists',
  initialState,
  reducers: {
    listReplaced<K extends ListName>(state: ListsState, action: PayloadAction<{ list: K; items: ListsState[K] }>) {
      state[action.payload.list] = action.payload.items;
    },
    listsCleared: () => initialState,
  },
  selectors: {
    selectList: (state, list: ListName) => state[list],
    /** The user counts as Facebook-connected when the account list is non-empty (docs/product.md §4). */
    selectIsFacebookConnected: (state) => state.listPage.length > 0,
  },
});

export const { listReplaced, listsCleared } = listsSlice.actions;
export const { selectList, selectIsFacebookConnected } = listsSlice.selectors;
