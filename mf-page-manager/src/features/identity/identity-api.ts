import { api, endpointPath, type EndpointBody, type Identity } from '@pagemate/shared-contracts';

/**
 * Creating, changing and deleting identities (AI personalities) of docs/product.md §3, over the contract's
 * config/*-identity calls. The list is shared-contracts' `getIdentity` (`listsApi`), mirrored under `root`.
 */
export const identityApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createIdentity: build.mutation<Identity, EndpointBody<'createIdentity'>>({
      query: (body) => ({ url: endpointPath('createIdentity'), method: 'POST', data: body }),
      invalidatesTags: ['Identity'],
    }),
    updateIdentity: build.mutation<Identity, EndpointBody<'updateIdentity'>>({
      query: (body) => ({ url: endpointPath('updateIdentity'), method: 'POST', data: body }),
      invalidatesTags: ['Identity'],
    }),
    deleteIdentity: build.mutation<{ ok: true }, EndpointBody<'deleteIdentity'>>({
      query: (body) => ({ url: endpointPath('deleteIdentity'), method: 'POST', data: body }),
      // A config may point at the deleted identity: let the config list refresh too.
      invalidatesTags: ['Identity', 'Config'],
    }),
  }),
});

export const { useCreateIdentityMutation, useUpdateIdentityMutation, useDeleteIdentityMutation } = identityApi;
