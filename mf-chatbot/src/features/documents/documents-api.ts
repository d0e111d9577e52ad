import {
  api,
  apiClient,
  endpointPath,
  toApiQueryError,
  type CollectionFile,
  type EndpointBody,
  type Envelope,
} from '@pagemate/shared-contracts';
import type { UploadLanguage } from './upload-rules';

/** Deleting files and collections; the list is shared-contracts' `collectionFiles` (tag `Files`). */
export const documentsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    deleteFile: build.mutation<unknown, EndpointBody<'deleteFile'>>({
      query: (body) => ({ url: endpointPath('deleteFile'), method: 'POST', data: body }),
      invalidatesTags: ['Files'],
    }),
    deleteCollection: build.mutation<unknown, EndpointBody<'deleteCollection'>>({
      query: (body) => ({ url: endpointPath('deleteCollection'), method: 'POST', data: body }),
      invalidatesTags: ['Files'],
    }),
  }),
});

export const { useDeleteFileMutation, useDeleteCollectionMutation } = documentsApi;

export interface UploadRequest {
  userId: string;
  file: File;
  collectionName: string;
  language: UploadLanguage;
  /** 0…1 as the bytes leave the browser. */
  onProgress(fraction: number): void;
}

/**
 * Sends one document as multipart (fields first, then the `file` part) through the shared axios client, so the
 * token, refresh and base URL are the product's. Not an RTK Query mutation: it needs upload progress.
 * The browser writes the multipart Content-Type with its boundary (axios drops its own for FormData).
 */
export async function uploadDocument({ userId, file, collectionName, language, onProgress }: UploadRequest): Promise<CollectionFile> {
  const form = new FormData();
  form.append('user_id', userId);
  form.append('collection_name', collectionName.trim());
  form.append('language', language);
  form.append('file', file, file.name);
  try {
    const response = await apiClient.http.post<Envelope<CollectionFile>>(endpointPath('uploadFile'), form, {
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : (event.progress ?? 0)),
    });
    return response.data.data;
  } catch (error) {
    // The same `{ status, code, message }` an RTK Query hook would report.
    throw toApiQueryError(error);
  }
}
