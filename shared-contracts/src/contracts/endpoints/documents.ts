import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { collectionFileSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { userIdField, userIdParams, uuidField } from './common.js';

/** Uploaded documents and the named collections they belong to (the chatbot's and the pages' knowledge). */
export const documentEndpoints = lazyEntries({
  getCollection: () => ({
    method: 'GET', path: 'api/v1/facebook/get-collection/{userId}', auth: 'user', summary: 'Files and collections',
    params: userIdParams, response: envelope(z.array(collectionFileSchema)),
  }) as const satisfies EndpointContract,
  uploadFile: () => ({
    method: 'POST', path: 'api/v1/documents/upload', auth: 'user', summary: 'Upload a document into a named collection (multipart: file + fields)',
    multipart: z.object({
      user_id: userIdField,
      collection_name: z.string().trim().min(1).max(200),
      /** The document's language, chosen at upload (`auto`: guessed from the text). */
      language: z.enum(['auto', 'vi', 'en']).default('auto'),
    }),
    response: envelope(collectionFileSchema),
  }) as const satisfies EndpointContract,
  deleteFile: () => ({
    method: 'POST', path: 'api/v1/documents/delete-file', auth: 'user', summary: 'Delete one uploaded file and its passages',
    body: z.object({ user_id: userIdField, file_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  deleteCollection: () => ({
    method: 'POST', path: 'api/v1/facebook/delete-collection', auth: 'user', summary: 'Delete a collection',
    /** The collection's name (collections are named, up to 200 characters like at upload). */
    body: z.object({ user_id: userIdField, collection_id: z.string().trim().min(1).max(200) }), response: okSchema,
  }) as const satisfies EndpointContract,
});
