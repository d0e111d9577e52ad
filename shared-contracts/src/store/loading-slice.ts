import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { listsApi } from '../api/lists-api.js';

const { accessTokenPages } = listsApi.endpoints;

/**
 * Loading flags of docs/product.md §3. The full-page loader shows while `global` is off (docs/product.md §2);
 * `listPage` follows the page list query (on while it is asked, off once it answered or failed).
 */
export interface LoadingState {
  global: boolean;
  auth: boolean;
  payment: boolean;
  listPage: boolean;
}
export type LoadingFlag = keyof LoadingState;

const initialState: LoadingState = { global: false, auth: false, payment: false, listPage: false };

export const loadingSlice = createSlice({
  name: 'loading',
  initialState,
  reducers: {
    loadingSet(state, action: PayloadAction<{ flag: LoadingFlag; value: boolean }>) {
      state[action.payload.flag] = action.payload.value;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(accessTokenPages.matchPending, (state) => {
        state.listPage = true;
      })
      .addMatcher(accessTokenPages.matchFulfilled, (state) => {
        state.listPage = false;
      })
      .addMatcher(accessTokenPages.matchRejected, (state, action) => {
        // A request replaced by a newer one (or skipped as already cached) is not the end of loading.
        if (action.meta.condition) return;
        state.listPage = false;
      });
  },
  selectors: {
    selectLoading: (state, flag: LoadingFlag) => state[flag],
  },
});

export const { loadingSet } = loadingSlice.actions;
export const { selectLoading } = loadingSlice.selectors;
