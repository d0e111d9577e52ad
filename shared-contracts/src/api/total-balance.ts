import { endpointPath } from '../contracts/endpoints.js';
import { api } from './base-api.js';

/**
 * The tag of the user's total balance. A screen that spends or credits money invalidates it (or the whole
 * `Balance` type), and every view of the total — the header's "Bal", the balance overview — asks again at once.
 */
export const TOTAL_BALANCE_TAG = { type: 'Balance', id: 'TOTAL' } as const;

/** The total balance, cached once in RTK Query; the payment slice mirrors it for the persisted `root`. */
export const totalBalanceApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    totalBalance: build.query<number, string>({
      query: (userId) => ({ url: endpointPath('totalBalance', { userId }) }),
      transformResponse: (data: { total_balance: number }) => data.total_balance,
      providesTags: [TOTAL_BALANCE_TAG],
    }),
  }),
});

export const { useTotalBalanceQuery } = totalBalanceApi;

/** Asks the server for the total balance now, whoever shows it (the answer lands in the cache and the slice). */
export const fetchTotalBalance = (userId: string) => totalBalanceApi.endpoints.totalBalance.initiate(userId, { subscribe: false, forceRefetch: true });
