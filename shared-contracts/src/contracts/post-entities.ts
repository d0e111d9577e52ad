import { z } from 'zod';
import { CHANNELS, idSchema } from './entity-fields.js';
import { lazySchema } from './lazy-table.js';

/** Scheduled posts: how a post repeats, its images, and each occurrence on a page and channel. */

/** Days of the week a post repeats on, Monday first; dates are Vietnam (UTC+7) dates whatever the server's zone. */
export const REPEAT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type RepeatDay = (typeof REPEAT_DAYS)[number];
export const REPEAT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
/** Limits of a post's schedule: how far ahead, how often, how many times. */
export const POST_LIMITS = { maxIterations: 500, maxHorizonDays: 730, maxEvery: 365, contentMaxChars: 5_000, ideaMaxChars: 2_000, maxImages: 10, maxPages: 20, imageMaxBytes: 10 * 1024 * 1024, imageQuotaDays: 30 } as const;
/**
 * How a post repeats: not at all; on some days of the week at the first post's time of day; or every N hours /
 * days / weeks / months (a month later on the same day, the month's last day when it is shorter). A repeating
 * post stops after `iterations` posts or after `end_date` (a Vietnam day, included), whichever comes first.
 */
export const postRepeatSchema = lazySchema(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('days'), days: z.array(z.enum(REPEAT_DAYS)).min(1).max(7) }),
  z.object({ kind: z.literal('custom'), every: z.number().int().min(1).max(POST_LIMITS.maxEvery), unit: z.enum(REPEAT_UNITS) }),
]));
export type PostRepeat = z.infer<typeof postRepeatSchema>;
export const POST_RUN_STATUSES = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type PostRunStatus = (typeof POST_RUN_STATUSES)[number];
/**
 * Why a post was not published, for the screen to say in the user's language: `missed` — the server was down at
 * its time; `page_gone` — the page is no longer connected; `reconnect` — Meta refused the page's token or a
 * permission; `meta_refused` / `meta_unavailable` — Meta refused the post / kept failing (its own words in
 * `error`); `instagram_*` — the linked account's rules: publishing limit used up, no image, no linked account,
 * an image Instagram could not process, processing not finished in time.
 */
export const POST_FAILURES = [
  'missed',
  'page_gone',
  'reconnect',
  'meta_refused',
  'meta_unavailable',
  'instagram_quota',
  'instagram_no_image',
  'instagram_not_linked',
  'instagram_image_failed',
  'instagram_timeout',
] as const;
export type PostFailure = (typeof POST_FAILURES)[number];
/** An image uploaded for posts: served to Facebook (and the browser) from `url`. */
export const postImageSchema = lazySchema(() => z.object({ media_id: idSchema, url: z.string(), file_name: z.string(), size_bytes: z.number().int().nonnegative() }));
export type PostImage = z.infer<typeof postImageSchema>;
/** One post of a page at one time: a scheduled post's occurrence (`seq` counts them from 1). */
export const scheduledPostSchema = lazySchema(() => z.object({
  post_id: idSchema,
  run_id: idSchema,
  page_id: idSchema,
  /** Where this occurrence goes: the page's feed, or its linked Instagram account. */
  channel: z.enum(CHANNELS).default('facebook'),
  /** Every channel the post goes to on each page. */
  channels: z.array(z.enum(CHANNELS)).default(['facebook']),
  seq: z.number().int().positive(),
  idea: z.string(),
  content: z.string(),
  /** Every page the post goes to. */
  page_ids: z.array(idSchema),
  /** When this occurrence posts (ISO instant). */
  time: z.string(),
  /** The schedule's first post (ISO instant): an update keeping it keeps the schedule going as it was. */
  first_time: z.string(),
  repeat: postRepeatSchema,
  iterations: z.number().int().positive().nullable(),
  end_date: z.string().nullable(),
  images: z.array(postImageSchema),
  status: z.enum(POST_RUN_STATUSES),
  /** Published: the Facebook post id (and its address outside the sandbox). */
  facebook_post_id: z.string().nullable(),
  facebook_url: z.string().nullable(),
  /** Failed: why (null on runs that failed before reasons were kept), and the details — Meta's own words. */
  error_code: z.enum(POST_FAILURES).nullable(),
  error: z.string().nullable(),
}));
export type ScheduledPost = z.infer<typeof scheduledPostSchema>;
