import { api, endpointPath, type EndpointBody, type Procedure } from '@pagemate/shared-contracts';
import { syncToList } from '../../shared/sync-to-list';

/** Procedures (flow descriptions) of docs/product.md §3, over the contract's config/*-procedure calls. */
export const procedureApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProcedure: build.query<Procedure[], string>({
      query: (userId) => ({ url: endpointPath('getProcedure'), params: { user_id: userId } }),
      providesTags: ['Procedure'],
      onQueryStarted: syncToList('listProcedure'),
    }),
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

export const { useGetProcedureQuery, useCreateProcedureMutation, useUpdateProcedureMutation, useDeleteProcedureMutation } = procedureApi;
