import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { SPEC_MESSAGES } from '../contracts/constants.js';
import { endpointPath } from '../contracts/endpoints.js';
import { apiClient } from '../api/client.js';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface PaymentState {
  totalBalance: number;
  status: RequestStatus;
  error: string | null;
}

const initialState: PaymentState = { totalBalance: 0, status: 'idle', error: null };

/** Balance fetch (docs/product.md §4): pending, then fulfilled or rejected with "Unable to fetch total balance.". */
export const fetchTotalBalance = createAsyncThunk<number, string, { rejectValue: string }>(
  'payment/fetchTotalBalance',
  async (userId, { rejectWithValue }) => {
    try {
      const response = await apiClient.http.get<{ status: number; data?: { total_balance?: unknown } }>(
        endpointPath('totalBalance', { userId }),
      );
      const balance = response.data.data?.total_balance;
      if (response.data.status !== 200 || typeof balance !== 'number') return rejectWithValue(SPEC_MESSAGES.balanceFetchFailed);
      return balance;
    } catch {
      return rejectWithValue(SPEC_MESSAGES.balanceFetchFailed);
    }
  },
);

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
      .addCase(fetchTotalBalance.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchTotalBalance.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.totalBalance = action.payload;
      })
      .addCase(fetchTotalBalance.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? SPEC_MESSAGES.balanceFetchFailed;
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
