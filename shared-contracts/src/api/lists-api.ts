import type { BotConfig, CollectionFile, FacebookAccount, Identity, Procedure } from '../contracts/entities.js';
import { endpointPath } from '../contracts/endpoints.js';
import { api } from './base-api.js';

/**
 * The tag of the connected Facebook accounts and their pages. Whatever changes them (a connection, a
 * subscription) invalidates it or writes the answer into the one cached list, and every page picker — the page
 * manager's table, the CRM's pickers — shows the change at once.
 */
export const PAGE_LIST_TAG = { type: 'Pages', id: 'ACCOUNTS' } as const;

/**
 * The lists several screens (and the persisted `root`) share, cached once in RTK Query: the page list, the bot's
 * configs, identities and procedures, and the user's files. The shell asks for the page and file lists at sign-in;
 * the lists slice (`store/lists-slice.ts`) mirrors the persisted ones. Mutations live with the screens that
 * make them and invalidate these tags.
 */
export const listsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    accessTokenPages: build.query<FacebookAccount[], undefined>({
      query: () => ({ url: endpointPath('accessTokenPages') }),
      providesTags: [PAGE_LIST_TAG],
    }),
    getConfig: build.query<BotConfig[], string>({
      query: (userId) => ({ url: endpointPath('getConfig'), params: { user_id: userId } }),
      providesTags: ['Config'],
    }),
    getIdentity: build.query<Identity[], string>({
      query: (userId) => ({ url: endpointPath('getIdentity'), params: { user_id: userId } }),
      providesTags: ['Identity'],
    }),
    getProcedure: build.query<Procedure[], string>({
      query: (userId) => ({ url: endpointPath('getProcedure'), params: { user_id: userId } }),
      providesTags: ['Procedure'],
    }),
    collectionFiles: build.query<CollectionFile[], string>({
      query: (userId) => ({ url: endpointPath('getCollection', { userId }) }),
      providesTags: ['Files'],
    }),
  }),
});

export const { useAccessTokenPagesQuery, useGetConfigQuery, useGetIdentityQuery, useGetProcedureQuery, useCollectionFilesQuery } = listsApi;

/**
 * Asks the server for the page list now, whoever shows it (the answer lands in the cache and the lists slice).
 * Not subscribed: a screen that shows the list subscribes itself.
 */
export const fetchPageList = () => listsApi.endpoints.accessTokenPages.initiate(undefined, { subscribe: false, forceRefetch: true });

/** Asks the server for the user's files now (the answer lands in the cache; the file screens subscribe themselves). */
export const fetchCollectionFiles = (userId: string) => listsApi.endpoints.collectionFiles.initiate(userId, { subscribe: false, forceRefetch: true });
