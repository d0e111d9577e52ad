import { api, endpointPath, type Client, type EndpointBody, type EndpointResponse } from '@pagemate/shared-contracts';

export type ClientDetail = EndpointResponse<'clientDetail'>['data'];
export type SaveClientBody = EndpointBody<'saveClient'>;

export interface ClientDetailArg {
  id: string;
  user_id: string;
}

const LIST = { type: 'Clients', id: 'LIST' } as const;
/** Orders show their client's name and the clients their order count: a change on one side refreshes the other. */
const ORDERS = { type: 'Orders', id: 'LIST' } as const;

/**
 * The client manager: the user's clients, one client with their conversations and orders (the detail modal),
 * create or edit (one call), delete (their orders stay, without the link).
 */
export const clientsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    // The server reads the user from the session; the argument keys the cache by user.
    clientList: build.query<Client[], string>({
      query: () => ({ url: endpointPath('getClients') }),
      providesTags: [LIST],
    }),
    clientDetail: build.query<ClientDetail, ClientDetailArg>({
      query: ({ id, user_id }) => ({ url: endpointPath('clientDetail', { id }), params: { user_id } }),
      providesTags: (_result, _error, arg) => [{ type: 'Clients', id: arg.id }, ORDERS],
    }),
    clientSave: build.mutation<Client, SaveClientBody>({
      query: (body) => ({ url: endpointPath('saveClient'), method: 'POST', data: body }),
      invalidatesTags: (result, error) => (error || !result ? [] : [LIST, { type: 'Clients', id: result.id }, ORDERS]),
    }),
    clientDelete: build.mutation<unknown, EndpointBody<'deleteClient'>>({
      query: (body) => ({ url: endpointPath('deleteClient'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, ORDERS]),
    }),
  }),
});

export const { useClientListQuery, useClientDetailQuery, useClientSaveMutation, useClientDeleteMutation } = clientsApi;
