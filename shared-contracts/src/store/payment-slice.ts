import { createSlice } from '@reduxjs/toolkit';
import { SPEC_MESSAGES } from '../contracts/constants.js';
import { totalBalanceApi } from '../api/total-balance.js';

const { totalBalance } = totalBalanceApi.endpoints;

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface PaymentState {
  totalBalance: number;
  status: RequestStatus;
  error: string | null;
}

const initialState: PaymentState = { totalBalance: 0, status: 'idle', error: null };


export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    totalBalanceSet(state, action: { payload: number }) {
      state.totalBalance = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // Balance fetch (docs/product.md §4): pending, then fulfilled or rejected with "Unable to fetch total balance.".
      .addMatcher(totalBalance.matchPending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(totalBalance.matchFulfilled, (state, action) => {
        state.status = 'succeeded';
        state.totalBalance = action.payload;
      })
      .addMatcher(totalBalance.matchRejected, (state, action) => {
        // A request replaced by a newer one is not a failure.
        if (action.meta.condition) return;
        state.status = 'failed';
        state.error = SPEC_MESSAGES.balanceFetchFailed;
      });
  },
  selectors: {
    selectTotalBalance: (state) => state.totalBalance,
    selectPaymentStatus: (state) => state.status,
    selectPaymentError: (state) => state.error,
  },
});

export const { totalBalanceSet } = paymentSlice.actions;
export const { selectTotalBalance, selectPaymentStatus, selectPaymentError } = paymentSlice.selectors;
