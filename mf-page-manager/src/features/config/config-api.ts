import { api, endpointPath, type BotConfig, type EndpointBody } from '@pagemate/shared-contracts';

/**
 * Creating, changing and deleting bot configs of docs/product.md §3 (a procedure + an identity + persona role,
 * target, mission, note). The list is shared-contracts' `getConfig` (`listsApi`), mirrored under `root`.
 */
export const configApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createConfig: build.mutation<BotConfig, EndpointBody<'createConfig'>>({
      query: (body) => ({ url: endpointPath('createConfig'), method: 'POST', data: body }),
      invalidatesTags: ['Config'],
    }),
    updateConfig: build.mutation<BotConfig, EndpointBody<'updateConfig'>>({
      query: (body) => ({ url: endpointPath('updateConfig'), method: 'POST', data: body }),
      invalidatesTags: ['Config'],
    }),
    deleteConfig: build.mutation<{ ok: true }, EndpointBody<'deleteConfig'>>({
      query: (body) => ({ url: endpointPath('deleteConfig'), method: 'POST', data: body }),
      // Pages pointing at the deleted config show it gone once their managers reload.
      invalidatesTags: ['Config', { type: 'Pages', id: 'MANAGERS' }],
    }),
  }),
});

export const { useCreateConfigMutation, useUpdateConfigMutation, useDeleteConfigMutation } = configApi;
