import {
  api,
  endpointPath,
  listsApi,
  PAGE_LIST_TAG,
  type EndpointBody,
  type EndpointResponse,
  type PageManager,
} from '@pagemate/shared-contracts';
import { applySubscription, withSavedManager } from './page-rows';

type SandboxActivity = EndpointResponse<'sandboxActivity'>['data'];

/**
 * The accounts (the shared page list, `PAGE_LIST_TAG`) come from Meta — slow, rate-limited; managers are ours:
 * they refresh independently.
 */
const MANAGERS = { type: 'Pages', id: 'MANAGERS' } as const;
/** What the sandbox received: asked again once a test event is sent. */
const SANDBOX_ACTIVITY = { type: 'Pages', id: 'SANDBOX_ACTIVITY' } as const;

/**
 * The per-page managers, subscriptions, connecting Facebook and the Meta sandbox (docs/product.md §4, §7). The
 * page list itself is shared-contracts' `accessTokenPages`, the one every page picker reads.
 */
export const pagesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getManager: build.query<PageManager[], EndpointBody<'getManager'>>({
      query: (body) => ({ url: endpointPath('getManager'), method: 'POST', data: body }),
      providesTags: [MANAGERS],
    }),
    updateManager: build.mutation<PageManager, EndpointBody<'updateManager'>>({
      query: (body) => ({ url: endpointPath('updateManager'), method: 'POST', data: body }),
      // The answer is what the server now has for the page: written into every cached list of managers showing
      // the page rather than asking again, since a list asked while the next save of the page is under way would
      // answer with that save undone and the table would draw it so.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy(getState(), [MANAGERS])) {
            const body = originalArgs as EndpointBody<'getManager'>;
            if (endpointName !== 'getManager' || !body.page_data.some((page) => page.page_id === data.page_id)) continue;
            dispatch(pagesApi.util.updateQueryData('getManager', body, (managers) => withSavedManager(managers, data)));
          }
        } catch {
          // The table says the save failed.
        }
      },
    }),
    saveCollectionPage: build.mutation<{ ok: true }, EndpointBody<'saveCollectionPage'>>({
      query: (body) => ({ url: endpointPath('saveCollectionPage'), method: 'POST', data: body }),
      invalidatesTags: [MANAGERS],
    }),
    subscribed: build.mutation<EndpointResponse<'subscribed'>['data'], EndpointBody<'subscribed'>>({
      query: (body) => ({ url: endpointPath('subscribed'), method: 'POST', data: body }),
      // Every page list shows what Meta (or the sandbox) now has: the server's `subscribed`, not our guess,
      // written into the one cached list as an answer (so the persisted mirror follows) without asking Meta again.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const accounts = listsApi.endpoints.accessTokenPages.select(undefined)(getState()).data;
          if (accounts) dispatch(listsApi.util.upsertQueryData('accessTokenPages', undefined, applySubscription(accounts, data.page_id, data.subscribed, data.channel)));
        } catch {
          // The button shows the translated error.
        }
      },
    }),
    facebookConnectUrl: build.mutation<EndpointResponse<'facebookConnectUrl'>['data'], EndpointBody<'facebookConnectUrl'>>({
      query: (body) => ({ url: endpointPath('facebookConnectUrl'), method: 'POST', data: body }),
    }),
    facebookConnectComplete: build.mutation<EndpointResponse<'facebookConnectComplete'>['data'], EndpointBody<'facebookConnectComplete'>>({
      query: (body) => ({ url: endpointPath('facebookConnectComplete'), method: 'POST', data: body }),
      // A connection adds (or, with fewer pages granted, removes) pages: every page picker asks again.
      invalidatesTags: (_result, error) => (error ? [] : [PAGE_LIST_TAG]),
    }),
    sandboxTestEvent: build.mutation<EndpointResponse<'sandboxTestEvent'>['data'], EndpointBody<'sandboxTestEvent'>>({
      query: (body) => ({ url: endpointPath('sandboxTestEvent'), method: 'POST', data: body }),
      invalidatesTags: [SANDBOX_ACTIVITY],
    }),
    sandboxActivity: build.query<SandboxActivity, { user_id: string; page_id?: string }>({
      query: (params) => ({ url: endpointPath('sandboxActivity'), params }),
      providesTags: [SANDBOX_ACTIVITY],
    }),
  }),
});

export const {
  useGetManagerQuery,
  useUpdateManagerMutation,
  useSaveCollectionPageMutation,
  useSubscribedMutation,
  useFacebookConnectUrlMutation,
  useFacebookConnectCompleteMutation,
  useSandboxTestEventMutation,
  useSandboxActivityQuery,
} = pagesApi;
