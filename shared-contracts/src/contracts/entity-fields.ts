import { z } from 'zod';
import { lazySchema } from './lazy-table.js';

/** Field shapes the entity modules share. */
export const idSchema = lazySchema(() => z.string().min(1).max(128));
export const shortText = lazySchema(() => z.string().trim().max(200));
export const longText = lazySchema(() => z.string().trim().max(10_000));

/** Automatic-reply event types of a page (docs/product.md §4): `comments` ↔ Meta field `feed`, `messages` ↔ `messages`. */
export const pageActionSchema = lazySchema(() => z.enum(['messages', 'comments']));
export type PageAction = z.infer<typeof pageActionSchema>;

/**
 * Where a page's conversations happen: the Facebook page itself, or the Instagram professional account linked
 * to it (same page token, same webhook endpoint, same bot).
 */
export const CHANNELS = ['facebook', 'instagram'] as const;
export const channelSchema = lazySchema(() => z.enum(CHANNELS));
export type Channel = z.infer<typeof channelSchema>;
