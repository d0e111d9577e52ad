import {
  api,
  endpointPath,
  listReplaced,
  STORAGE_KEYS,
  type CollectionFile,
  type EndpointBody,
  type EndpointResponse,
  type FacebookAccount,
  type PageManager,
} from '@pagemate/shared-contracts';
import { applySubscription } from './page-rows';

type SandboxActivity = EndpointResponse<'sandboxActivity'>['data'];

/** Accounts come from Meta (slow, rate-limited); managers are ours: they refresh independently. */
const ACCOUNTS = { type: 'Pages', id: 'ACCOUNTS' } as const;
const MANAGERS = { type: 'Pages', id: 'MANAGERS' } as const;

function cachePages(accounts: FacebookAccount[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cachedPages, JSON.stringify(accounts));
  } catch {
    // Storage full or unavailable: the cache is only a head start for the next visit.
  }
}

/** Facebook accounts, their pages, the per-page managers, subscriptions and the Meta sandbox (docs/product.md §4, §7). */
export const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    accessTokenPages: build.query<FacebookAccount[], undefined>({
      query: () => ({ url: endpointPath('accessTokenPages') }),
      providesTags: [ACCOUNTS],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          cachePages(data);
          dispatch(listReplaced({ list: 'listPage', items: data }));
        } catch (error) {
          console.error('[page-manager] loading the page list failed', error); // docs/product.md §8: logged only
        }
      },
    }),
    getManager: build.query<PageManager[], EndpointBody<'getManager'>>({
      query: (body) => ({ url: endpointPath('getManager'), method: 'POST', data: body }),
      providesTags: [MANAGERS],
    }),
    updateManager: build.mutation<PageManager, EndpointBody<'updateManager'>>({
      query: (body) => ({ url: endpointPath('updateManager'), method: 'POST', data: body }),
      invalidatesTags: [MANAGERS],
    }),
    saveCollectionPage: build.mutation<{ ok: true }, EndpointBody<'saveCollectionPage'>>({
      query: (body) => ({ url: endpointPath('saveCollectionPage'), method: 'POST', data: body }),
      invalidatesTags: [MANAGERS],
    }),
    subscribed: build.mutation<EndpointResponse<'subscribed'>['data'], EndpointBody<'subscribed'>>({
      query: (body) => ({ url: endpointPath('subscribed'), method: 'POST', data: body }),
      // The table shows what Meta (or the sandbox) now has: the server's `subscribed`, not our guess.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          let next: FacebookAccount[] | undefined;
          dispatch(
            pagesApi.util.updateQueryData('accessTokenPages', undefined, (accounts) => (next = applySubscription(accounts, data.page_id, data.subscribed))),
          );
          if (next) dispatch(listReplaced({ list: 'listPage', items: next }));
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
    }),
    getCollection: build.query<CollectionFile[], string>({
      query: (userId) => ({ url: endpointPath('getCollection', { userId }) }),
      providesTags: ['Files'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(listReplaced({ list: 'listFile', items: data }));
        } catch {
          // No files uploaded: the select simply offers none.
        }
      },
    }),
    sandboxTestEvent: build.mutation<EndpointResponse<'sandboxTestEvent'>['data'], EndpointBody<'sandboxTestEvent'>>({
      query: (body) => ({ url: endpointPath('sandboxTestEvent'), method: 'POST', data: body }),
    }),
    sandboxActivity: build.query<SandboxActivity, { user_id: string; page_id?: string }>({
      query: (params) => ({ url: endpointPath('sandboxActivity'), params }),
    }),
  }),
});

export const {
  useAccessTokenPagesQuery,
  useGetManagerQuery,
  useUpdateManagerMutation,
  useSaveCollectionPageMutation,
  useSubscribedMutation,
  useFacebookConnectUrlMutation,
  useFacebookConnectCompleteMutation,
  useGetCollectionQuery,
  useSandboxTestEventMutation,
  useSandboxActivityQuery,
} = pagesApi;
