import { api, endpointPath, type EndpointBody, type Procedure } from '@pagemate/shared-contracts';

/**
 * Creating, changing and deleting procedures (flow descriptions) of docs/product.md §3, over the contract's
 * config/*-procedure calls. The list is shared-contracts' `getProcedure` (`listsApi`), mirrored under `root`.
 */
export const procedureApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createProcedure: build.mutation<Procedure, EndpointBody<'createProcedure'>>({
      query: (body) => ({ url: endpointPath('createProcedure'), method: 'POST', data: body }),
      invalidatesTags: ['Procedure'],
    }),
    updateProcedure: build.mutation<Procedure, EndpointBody<'updateProcedure'>>({
      query: (body) => ({ url: endpointPath('updateProcedure'), method: 'POST', data: body }),
      invalidatesTags: ['Procedure'],
    }),
    deleteProcedure: build.mutation<{ ok: true }, EndpointBody<'deleteProcedure'>>({
      query: (body) => ({ url: endpointPath('deleteProcedure'), method: 'POST', data: body }),
      invalidatesTags: ['Procedure', 'Config'],
    }),
  }),
});

export const { useCreateProcedureMutation, useUpdateProcedureMutation, useDeleteProcedureMutation } = procedureApi;
