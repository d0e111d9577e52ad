import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries, lazySchema } from '../lazy-table.js';
import { channelSchema, POST_LIMITS, postImageSchema, postRepeatSchema, scheduledPostSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { idField, pageListBody, userIdField, uuidField } from './common.js';

/** Scheduled posts of the pages: list, schedule, change, cancel, AI drafts and images. */

const postBody = lazySchema(() => z
  .object({
    user_id: userIdField,
    idea: z.string().trim().max(POST_LIMITS.ideaMaxChars).default(''),
    content: z.string().trim().min(1).max(POST_LIMITS.contentMaxChars),
    page_ids: z.array(idField).min(1).max(POST_LIMITS.maxPages),
    /** The first post, an ISO instant in the future. */
    time: z.iso.datetime({ offset: true }),
    repeat: postRepeatSchema,
    iterations: z.number().int().min(1).max(POST_LIMITS.maxIterations).nullable().default(null),
    /** Last Vietnam day a repeating post may go out (included). */
    end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null),
    media_ids: z.array(uuidField).max(POST_LIMITS.maxImages).default([]),
    /** Each page's own feed, its linked Instagram account (which needs an image), or both. */
    channels: z.array(channelSchema).min(1).max(2).default(['facebook']),
  })
  .refine((post) => post.repeat.kind === 'none' || post.iterations !== null || post.end_date !== null, {
    path: ['iterations'],
    message: 'A repeating post needs a number of posts or an end date',
  }));

export const postEndpoints = lazyEntries({
  getPosts: () => ({
    method: 'POST', path: 'api/v1/facebook/get-posts', auth: 'user', summary: 'Scheduled, published and failed posts of a page (next first, then newest)',
    body: pageListBody, response: envelope(z.array(scheduledPostSchema)),
  }) as const satisfies EndpointContract,
  createPost: () => ({
    method: 'POST', path: 'api/v1/facebook/post/create', auth: 'user', summary: 'Schedule a post (add mode): content, pages, time, repeat, images',
    body: postBody, response: envelope(z.array(scheduledPostSchema)),
  }) as const satisfies EndpointContract,
  updatePost: () => ({
    method: 'POST', path: 'api/v1/facebook/post/update', auth: 'user', summary: 'Change a scheduled post (update mode): its posts not yet published are planned again',
    body: postBody.extend({ post_id: uuidField }), response: envelope(z.array(scheduledPostSchema)),
  }) as const satisfies EndpointContract,
  deletePost: () => ({
    method: 'POST', path: 'api/v1/facebook/post/delete', auth: 'user', summary: 'Cancel a scheduled post: nothing more is published (published posts stay on Facebook)',
    body: z.object({ user_id: userIdField, post_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  draftPost: () => ({
    method: 'POST', path: 'api/v1/facebook/post/draft', auth: 'user', summary: "The AI drafts a post from the customer's idea (charged to the balance)",
    body: z.object({ user_id: userIdField, idea: z.string().trim().min(1).max(POST_LIMITS.ideaMaxChars), page_id: idField.optional() }),
    response: envelope(z.object({ content: z.string(), usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int(), cost: z.number().int() }) })),
  }) as const satisfies EndpointContract,
  uploadPostImage: () => ({
    method: 'POST', path: 'api/v1/facebook/post/image', auth: 'user', summary: 'Upload an image for posts (JPEG, PNG, WebP or GIF, ≤ 10 MB)',
    multipart: z.object({ user_id: userIdField }), response: envelope(postImageSchema),
  }) as const satisfies EndpointContract,
});
