import type { endpoints, PostRepeat, PostSchedule } from '@pagemate/shared-contracts/contracts';
import type { z } from 'zod';
import { AppError } from '../../../errors/app-error.js';
import type { ScheduledPostRow } from './posts-repository.js';

export const POST_PUBLISH_QUEUE = 'post.publish';
/** The first post must be at least this far ahead (a post "now" is a post in a minute). */
export const POST_MIN_LEAD_MS = 60_000;

/** What the create and update calls carry (the contract's post body, without `user_id`). */
export type PostInput = Omit<z.infer<(typeof endpoints)['createPost']['body']>, 'user_id'>;

/** Stored repeats were validated by the contract's `postRepeatSchema` when they came in. */
export const repeatOf = (post: Pick<ScheduledPostRow, 'repeat'>) => post.repeat as PostRepeat;

export const scheduleOf = (post: Pick<ScheduledPostRow, 'firstAt' | 'repeat' | 'iterations' | 'endDate'>): PostSchedule => ({
  first: post.firstAt,
  repeat: repeatOf(post),
  iterations: post.iterations,
  endDate: post.endDate,
});

export const invalid = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', message, [{ path: field, message }]);
export const postNotFound = () => new AppError(404, 'NOT_FOUND', 'Post not found');
export const excerpt = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};
