import { POST_LIMITS } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { ok, OK, registerEndpoint } from '../http/contract-route.js';
import { registerMultipartEndpoint } from '../http/multipart-route.js';
import { uploadRateLimit } from '../plugins/app/upload-quotas.js';

const TOO_LARGE = `The image is larger than ${POST_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`;

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

  registerMultipartEndpoint(
    app,
    'uploadPostImage',
    { noun: 'image', tooLarge: TOO_LARGE, maxFileBytes: POST_LIMITS.imageMaxBytes },
    async (request, _fields, file) => ok(await posts.uploadImage(request.user.userId, file.name, file.bytes)),
    { preHandler: uploadRateLimit(app, 'upload_post_image') },
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
