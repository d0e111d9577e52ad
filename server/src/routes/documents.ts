import type { Multipart } from '@fastify/multipart';
import { apiErrorSchema, endpoints } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { BEARER_SECURITY_SCHEME, OK, ok, registerEndpoint, toFastifyPath } from '../http/contract-route.js';
import { assertOwnUserId } from '../plugins/app/auth/auth-guard.js';
import { UPLOAD_REFUSALS } from '../plugins/app/documents/documents-service.js';

const upload = endpoints.uploadFile;

interface UploadForm {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | undefined;
}

/** @fastify/multipart's limit and format errors, as answers the user can act on. */
function multipartError(error: unknown): AppError | undefined {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_REFUSALS.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'BAD_REQUEST', 'Upload one file at a time.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'BAD_REQUEST', 'The upload form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
    default:
      return undefined;
  }
}

/**
 * Reads the form in arrival order. The auth guard cannot see multipart fields (they are not parsed when it
 * runs), so `user_id` is checked here the moment it arrives — before the file when the client sends fields
 * first, as browsers' FormData does in append order.
 */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, file: undefined };
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError(400, 'BAD_REQUEST', 'The file part must be named "file".');
        form.file = { name: part.filename, bytes: await part.toBuffer() };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.fieldname === 'user_id') assertOwnUserId(request, value, 'body', 'user_id');
        form.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return form;
}

/** Uploads, the file manager's list and deletes, and the passages citations point at — the user's own only. */
export default async function documentRoutes(app: FastifyInstance) {
  const documents = app.documents;

  // Outside `registerContract`: the body is multipart (parsed here, part by part), not a JSON schema.
  app.post(
    toFastifyPath(upload.path),
    {
      config: { auth: upload.auth },
      schema: {
        operationId: 'uploadFile',
        summary: upload.summary,
        consumes: ['multipart/form-data'],
        security: [{ [BEARER_SECURITY_SCHEME]: [] }],
        response: { 200: upload.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
      },
    },
    async (request) => {
      const form = await readUploadForm(request);
      const fields = upload.multipart.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Invalid body',
          fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      if (!form.file) throw new AppError(400, 'BAD_REQUEST', 'Choose a file to upload.');
      const { collection_name: collectionName, language } = fields.data;
      return ok(await documents.upload(request.user.userId, { collectionName, language }, form.file.name, form.file.bytes));
    },
  );

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
