import type { Multipart } from '@fastify/multipart';
import { apiErrorSchema, endpoints, POST_LIMITS } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { BEARER_SECURITY_SCHEME, ok, OK, registerEndpoint, toFastifyPath } from '../http/contract-route.js';
import { assertOwnUserId } from '../plugins/app/auth/auth-guard.js';

const upload = endpoints.uploadPostImage;
const TOO_LARGE = `The image is larger than ${POST_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`;

/** @fastify/multipart's limit and format errors, as answers the user can act on. */
function multipartError(error: unknown): AppError | undefined {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'BAD_REQUEST', 'Upload one image at a time.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'BAD_REQUEST', 'The upload form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
    default:
      return undefined;
  }
}

/** The form in arrival order; `user_id` is checked the moment it arrives (the auth guard cannot see multipart fields). */
async function readImageForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: { name: string; bytes: Buffer } | undefined }> {
  const form: { fields: Record<string, string>; file: { name: string; bytes: Buffer } | undefined } = { fields: {}, file: undefined };
  try {
    // Images stop at POST_LIMITS.imageMaxBytes, below the documents' limit the plugin is registered with.
    const parts = request.parts({ limits: { fileSize: POST_LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 1000 } }) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
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

/** The post manager's endpoints, and the media Facebook fetches (public: Facebook's crawler has no token). */
export default async function postsRoutes(app: FastifyInstance) {
  const posts = app.posts;

  registerEndpoint(app, 'getPosts', async ({ user, body }) => ok(await posts.list(user.userId, body.page_id)));
  registerEndpoint(app, 'createPost', async ({ user, body }) => {
    const { user_id: _userId, ...input } = body;
    return ok(await posts.create(user.userId, input));
  });
  registerEndpoint(app, 'updatePost', async ({ user, body }) => {
    const { user_id: _userId, post_id: postId, ...input } = body;
    return ok(await posts.update(user.userId, postId, input));
  });
  registerEndpoint(app, 'deletePost', async ({ user, body }) => {
    await posts.remove(user.userId, body.post_id);
    return ok(OK.data);
  });
  registerEndpoint(app, 'draftPost', async ({ user, body }) => ok(await posts.draft(user.userId, body.idea, body.page_id)));

  // Outside `registerContract`: the body is multipart (parsed here, part by part), not a JSON schema.
  app.post(
    toFastifyPath(upload.path),
    {
      config: { auth: upload.auth },
      schema: {
        operationId: 'uploadPostImage',
        summary: upload.summary,
        consumes: ['multipart/form-data'],
        security: [{ [BEARER_SECURITY_SCHEME]: [] }],
        response: { 200: upload.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
      },
    },
    async (request) => {
      const form = await readImageForm(request);
      const fields = upload.multipart.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Invalid body',
          fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      if (!form.file) throw new AppError(400, 'BAD_REQUEST', 'Choose an image to upload.');
      return ok(await posts.uploadImage(request.user.userId, form.file.name, form.file.bytes));
    },
  );

  // Public, like Facebook's own CDN: the id is a random UUID; the bytes never change (a new upload is a new id).
  app.get<{ Params: { id: string } }>(
    '/media/:id',
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const media = await posts.media(request.params.id);
      if (!media) throw new AppError(404, 'NOT_FOUND', 'Image not found');
      return reply
        .type(media.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(media.bytes);
    },
  );
}
