import { api, endpointPath, uploadWithProgress, type CollectionFile, type EndpointBody } from '@pagemate/shared-contracts';
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

/** Sends one document (`user_id`, `collection_name`, `language`, then the `file` part) with upload progress. */
export function uploadDocument({ userId, file, collectionName, language, onProgress }: UploadRequest): Promise<CollectionFile> {
  return uploadWithProgress('uploadFile', { user_id: userId, collection_name: collectionName.trim(), language }, file, { onProgress });
}
