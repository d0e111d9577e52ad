import {
  api,
  endpointPath,
  type BalanceSummary,
  type BalanceTransaction,
  type Deposit,
  type EndpointBody,
  type ListQuery,
  type TokenTransaction,
} from '@pagemate/shared-contracts';

/** One page of a list endpoint, as the contract's `listOf(...)` answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A list request: whose list, and which page, order and day range of it. */
export type ListArgs = { userId: string } & ListQuery;

/** The one tag type the base api offers for money; the ids keep each list refreshing on its own. */
export const SUMMARY = { type: 'Balance', id: 'SUMMARY' } as const;
export const DEPOSITS = { type: 'Balance', id: 'DEPOSITS' } as const;
export const TRANSACTIONS = { type: 'Balance', id: 'TRANSACTIONS' } as const;
export const TOKENS = { type: 'Balance', id: 'TOKENS' } as const;
/** What a credited (or cancelled) payment changes: everything the page lists or sums. */
export const MONEY_VIEWS = [SUMMARY, DEPOSITS, TRANSACTIONS] as const;

const listParams = ({ userId: _userId, ...query }: ListArgs): Record<string, unknown> => query;

/** Balance overview, deposits and payments, balance and token transactions. */
export const balanceApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    balanceSummary: build.query<BalanceSummary, { userId: string; days: number }>({
      query: ({ userId, days }) => ({ url: endpointPath('balanceSummary', { userId }), params: { days } }),
      providesTags: [SUMMARY],
    }),
    deposit: build.mutation<Deposit, EndpointBody<'deposit'>>({
      query: (body) => ({ url: endpointPath('deposit'), method: 'POST', data: body }),
      invalidatesTags: [DEPOSITS],
    }),
    paymentStatus: build.query<Deposit, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: endpointPath('paymentStatus', { id }), params: { user_id: userId } }),
    }),
    cancelPayment: build.mutation<Deposit, EndpointBody<'cancelPayment'>>({
      query: (body) => ({ url: endpointPath('cancelPayment'), method: 'POST', data: body }),
      invalidatesTags: [DEPOSITS],
      // The payment screen shows what the server now says, without waiting for the next poll.
      async onQueryStarted({ user_id, payment_id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(balanceApi.util.upsertQueryData('paymentStatus', { id: payment_id, userId: user_id }, data));
        } catch {
          // The cancel button shows the translated error.
        }
      },
    }),
    depositHistory: build.query<ListPage<Deposit>, ListArgs>({
      query: (args) => ({ url: endpointPath('depositHistory', { userId: args.userId }), params: listParams(args) }),
      providesTags: [DEPOSITS],
    }),
    balanceTransactions: build.query<ListPage<BalanceTransaction>, ListArgs>({
      query: (args) => ({ url: endpointPath('balanceTransactions', { userId: args.userId }), params: listParams(args) }),
      providesTags: [TRANSACTIONS],
    }),
    tokenTransactions: build.query<ListPage<TokenTransaction>, ListArgs>({
      query: (args) => ({ url: endpointPath('tokenTransactions', { userId: args.userId }), params: listParams(args) }),
      providesTags: [TOKENS],
    }),
  }),
});

export const {
  useBalanceSummaryQuery,
  useDepositMutation,
  usePaymentStatusQuery,
  useCancelPaymentMutation,
  useDepositHistoryQuery,
  useBalanceTransactionsQuery,
  useTokenTransactionsQuery,
} = balanceApi;
