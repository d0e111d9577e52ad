import { api, endpointPath, type EndpointBody, type Order } from '@pagemate/shared-contracts';

export interface OrderListArg {
  user_id: string;
  /** One page's orders; every page's without. */
  page_id?: string;
}
export type SaveOrderBody = EndpointBody<'saveOrder'>;

const LIST = { type: 'Orders', id: 'LIST' } as const;

/**
 * The order manager: the orders (of one page or all), newest first; enter one by hand or change one (its
 * status only along ORDER_TRANSITIONS — the server answers 409 otherwise). A save refreshes every order list,
 * the clients' order counts and any open client detail.
 */
export const ordersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    orderList: build.query<Order[], OrderListArg>({
      query: ({ user_id, page_id }) => ({ url: endpointPath('getOrders'), params: page_id === undefined ? { user_id } : { user_id, page_id } }),
      providesTags: [LIST],
    }),
    orderSave: build.mutation<Order, SaveOrderBody>({
      query: (body) => ({ url: endpointPath('saveOrder'), method: 'POST', data: body }),
      // A 409 means the order moved meanwhile: refetch to show where it is now.
      invalidatesTags: (_result, error) => (error && error.status !== 409 ? [] : [LIST, { type: 'Clients', id: 'LIST' }]),
    }),
  }),
});

export const { useOrderListQuery, useOrderSaveMutation } = ordersApi;
