import type { FastifyInstance } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';
import { registerMultipartEndpoint } from '../http/multipart-route.js';
import { UPLOAD_REFUSALS } from '../plugins/app/documents/documents-service.js';
import { uploadRateLimit } from '../plugins/app/upload-quotas.js';

/** Uploads, the file manager's list and deletes, and the passages citations point at — the user's own only. */
export default async function documentRoutes(app: FastifyInstance) {
  const documents = app.documents;

  registerMultipartEndpoint(app, 'uploadFile', { noun: 'file', tooLarge: UPLOAD_REFUSALS.tooLarge }, async (request, fields, file) => {
    const { collection_name: collectionName, language } = fields;
    return ok(await documents.upload(request.user.userId, { collectionName, language }, file.name, file.bytes));
  }, { preHandler: uploadRateLimit(app, 'upload_document') });

  registerEndpoint(app, 'getCollection', async ({ user }) => ok(await documents.list(user.userId)));
  registerEndpoint(app, 'deleteFile', async ({ user, body }) => {
    await documents.deleteFile(user.userId, body.file_id);
    return OK;
  });
  // The contract's `collection_id` is the collection's name (collections have no id of their own).
  registerEndpoint(app, 'deleteCollection', async ({ user, body }) => {
    await documents.deleteCollection(user.userId, body.collection_id);
    return OK;
  });
  registerEndpoint(app, 'chatPassage', async ({ user, params }) => ok(await documents.passage(user.userId, params.id)));
}
