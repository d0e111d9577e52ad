import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Loading flags of docs/product.md §3. The full-page loader shows while `global` is off (docs/product.md §2). */
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
  selectors: {
    selectLoading: (state, flag: LoadingFlag) => state[flag],
  },
});

export const { loadingSet } = loadingSlice.actions;
export const { selectLoading } = loadingSlice.selectors;
