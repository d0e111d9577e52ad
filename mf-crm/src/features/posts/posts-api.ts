import {
  api,
  apiClient,
  endpointPath,
  uploadWithProgress,
  type EndpointBody,
  type EndpointResponse,
  type PostImage,
  type ScheduledPost,
} from '@pagemate/shared-contracts';

export interface PostListArg {
  user_id: string;
  page_id: string;
}

type DraftResult = EndpointResponse<'draftPost'>['data'];
export type UpdatePostBody = EndpointBody<'updatePost'>;

/** The list is polled: a scheduled post shows as published (or failed) without a reload. */
export const POSTS_POLLING = { pollingInterval: 15_000, skipPollingIfUnfocused: true } as const;

const LIST = { type: 'Posts', id: 'LIST' } as const;

/**
 * The post manager: a page's posts (one row per page and time), schedule (add mode), change (update mode),
 * cancel, and the AI's draft. Saves and cancels refetch every page's list.
 */
export const postsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    postList: build.query<ScheduledPost[], PostListArg>({
      query: (body) => ({ url: endpointPath('getPosts'), method: 'POST', data: body satisfies EndpointBody<'getPosts'> }),
      providesTags: (_result, _error, arg) => [LIST, { type: 'Posts', id: `LIST:${arg.page_id}` }],
    }),
    postCreate: build.mutation<ScheduledPost[], EndpointBody<'createPost'>>({
      query: (body) => ({ url: endpointPath('createPost'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    postUpdate: build.mutation<ScheduledPost[], UpdatePostBody>({
      query: (body) => ({ url: endpointPath('updatePost'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    postDelete: build.mutation<unknown, EndpointBody<'deletePost'>>({
      query: (body) => ({ url: endpointPath('deletePost'), method: 'POST', data: body }),
      invalidatesTags: [LIST],
    }),
    postDraft: build.mutation<DraftResult, EndpointBody<'draftPost'>>({
      query: (body) => ({ url: endpointPath('draftPost'), method: 'POST', data: body }),
      // The draft is charged: the balance in the header changes.
      invalidatesTags: ['Balance'],
    }),
  }),
});

export const { usePostListQuery, usePostCreateMutation, usePostUpdateMutation, usePostDeleteMutation, usePostDraftMutation } = postsApi;

export interface ImageUploadRequest {
  userId: string;
  file: File;
  /** 0…1 as the bytes leave the browser. */
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

/** Sends one image (`user_id`, then the `file` part) with upload progress, like the chatbot's document upload. */
export function uploadPostImage({ userId, file, onProgress, signal }: ImageUploadRequest): Promise<PostImage> {
  return uploadWithProgress('uploadPostImage', { user_id: userId }, file, { onProgress, signal });
}

/** An image's address for the browser: absolute as given, else under the API's base URL. */
export function imageSrc(url: string): string {
  if (/^([a-z]+:|\/)/i.test(url)) return url;
  const base = apiClient.http.defaults.baseURL ?? '';
  return base === '' ? url : `${base.replace(/\/+$/, '')}/${url}`;
}
