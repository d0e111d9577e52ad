import {
  api,
  apiClient,
  endpointPath,
  toApiQueryError,
  type ApiError,
  type ApiQueryError,
  type EndpointBody,
  type EndpointName,
  type EndpointResponse,
  type Envelope,
  type PostImage,
  type ScheduledPost,
} from '@pagemate/shared-contracts';
import axios from 'axios';

export interface PostListArg {
  user_id: string;
  page_id: string;
}

/** A failed save: the usual code and message, and the server's field issues (`{ path, message }`). */
export interface PostSaveError extends ApiQueryError {
  issues: NonNullable<ApiError['issues']>;
}

type DraftResult = EndpointResponse<'draftPost'>['data'];
export type UpdatePostBody = EndpointBody<'updatePost'>;

/** The list is polled: a scheduled post shows as published (or failed) without a reload. */
export const POSTS_POLLING = { pollingInterval: 15_000, skipPollingIfUnfocused: true } as const;

const LIST = { type: 'Posts', id: 'LIST' } as const;

/** Sends a save through the shared axios client, keeping the field issues the base query would drop. */
async function saveWithIssues(name: EndpointName, body: unknown): Promise<{ data: ScheduledPost[] } | { error: PostSaveError }> {
  try {
    const response = await apiClient.http.post<Envelope<ScheduledPost[]>>(endpointPath(name), body);
    return { data: response.data.data };
  } catch (error) {
    const issues = axios.isAxiosError(error) ? (error.response?.data as Partial<ApiError> | undefined)?.issues : undefined;
    return { error: { ...toApiQueryError(error), issues: Array.isArray(issues) ? issues : [] } };
  }
}

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
      queryFn: (body) => saveWithIssues('createPost', body),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    postUpdate: build.mutation<ScheduledPost[], UpdatePostBody>({
      queryFn: (body) => saveWithIssues('updatePost', body),
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

export function isSaveError(error: unknown): error is PostSaveError {
  return typeof error === 'object' && error !== null && 'issues' in error && Array.isArray((error as PostSaveError).issues);
}

export interface ImageUploadRequest {
  userId: string;
  file: File;
  /** 0…1 as the bytes leave the browser. */
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * Sends one image as multipart (`user_id`, then the `file` part) through the shared axios client, like the
 * chatbot's document upload. Not an RTK Query mutation: it needs upload progress.
 */
export async function uploadPostImage({ userId, file, onProgress, signal }: ImageUploadRequest): Promise<PostImage> {
  const form = new FormData();
  form.append('user_id', userId);
  form.append('file', file, file.name);
  try {
    const response = await apiClient.http.post<Envelope<PostImage>>(endpointPath('uploadPostImage'), form, {
      signal,
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : (event.progress ?? 0)),
    });
    return response.data.data;
  } catch (error) {
    throw toApiQueryError(error);
  }
}

/** An image's address for the browser: absolute as given, else under the API's base URL. */
export function imageSrc(url: string): string {
  if (/^([a-z]+:|\/)/i.test(url)) return url;
  const base = apiClient.http.defaults.baseURL ?? '';
  return base === '' ? url : `${base.replace(/\/+$/, '')}/${url}`;
}
