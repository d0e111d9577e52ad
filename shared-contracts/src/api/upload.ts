import { endpointPath, type EndpointName, type EndpointResponse } from '../contracts/endpoints.js';
import type { Envelope } from '../contracts/envelope.js';
import { toApiQueryError } from './base-api.js';
import { apiClient, type ApiClient } from './client.js';

/** What an upload endpoint answers inside its envelope. */
type Uploaded<N extends EndpointName> = EndpointResponse<N> extends { data: infer D } ? D : never;

export interface UploadOptions {
  /** 0…1 as the bytes leave the browser. */
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart (the text fields first, then the `file` part) through the shared axios client, so
 * the token, refresh and base URL are the product's. Not an RTK Query mutation: it reports upload progress. The
 * browser writes the multipart Content-Type with its boundary (axios drops its own for FormData). A failure
 * throws the same `{ status, code, message }` an RTK Query hook would report.
 */
export async function uploadWithProgress<N extends EndpointName>(
  name: N,
  fields: Record<string, string>,
  file: File,
  { onProgress, signal }: UploadOptions,
  client: ApiClient = apiClient,
): Promise<Uploaded<N>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  try {
    const response = await client.http.post<Envelope<Uploaded<N>>>(endpointPath(name), form, {
      signal,
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : (event.progress ?? 0)),
    });
    return response.data.data;
  } catch (error) {
    throw toApiQueryError(error);
  }
}
