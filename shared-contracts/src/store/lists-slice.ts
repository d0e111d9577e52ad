import { createSlice } from '@reduxjs/toolkit';
import { listsApi } from '../api/lists-api.js';
import type { BotConfig, FacebookAccount, Identity, Procedure } from '../contracts/entities.js';

const { accessTokenPages, getConfig, getIdentity, getProcedure } = listsApi.endpoints;

/**
 * List state of docs/product.md §3: the lists kept under `root` so they show first at the next start
 * (`persistence.ts`). Each is a mirror of its one RTK Query cache entry (`api/lists-api.ts`), written here and
 * nowhere else: screens read the query, this slice only carries the last answer across reloads. An answer written
 * into the cache by hand must go through `upsertQueryData` (a fulfilled query) to reach the mirror.
 */
export interface ListsState {
  listProcedure: Procedure[];
  listIdentity: Identity[];
  listConfig: BotConfig[];
  listPage: FacebookAccount[];
}
export type ListName = keyof ListsState;

const initialState: ListsState = {
  listProcedure: [],
  listIdentity: [],
  listConfig: [],
  listPage: [],
};

export const listsSlice = createSlice({
  name: 'lists',
  initialState,
  reducers: {
    listsCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(accessTokenPages.matchFulfilled, (state, action) => {
        state.listPage = action.payload;
      })
      .addMatcher(getConfig.matchFulfilled, (state, action) => {
        state.listConfig = action.payload;
      })
      .addMatcher(getIdentity.matchFulfilled, (state, action) => {
        state.listIdentity = action.payload;
      })
      .addMatcher(getProcedure.matchFulfilled, (state, action) => {
        state.listProcedure = action.payload;
      });
  },
  selectors: {
    /** The user counts as Facebook-connected when the account list is non-empty (docs/product.md §4). */
    selectIsFacebookConnected: (state) => state.listPage.length > 0,
  },
});

export const { listsCleared } = listsSlice.actions;
export const { selectIsFacebookConnected } = listsSlice.selectors;

/** One persisted list, as last answered (or as restored from `root` until the first answer). */
export function selectList<K extends ListName>(state: { lists: ListsState }, list: K): ListsState[K] {
  return state.lists[list];
}
