import { createHash } from 'node:crypto';

export { hubSignature } from '../meta/webhook-events.js';

/**
 * JSON as Meta sends webhooks: non-ASCII as `\uXXXX` and `/` as `\/`. A receiver that re-serialises the parsed
 * body instead of hashing the bytes it received computes a different signature — as it would with Meta.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Digits derived from a seed: stable ids (a test customer's PSID) that look like Meta's. */
export function digitsFrom(seed: string, length: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return (BigInt(`0x${hex}`) % 10n ** BigInt(length)).toString().padStart(length, '1').replace(/^0/, '1');
}

export interface TestEventInput {
  /** The page; for Instagram, the linked account's id. */
  pageId: string;
  kind: 'comment' | 'message';
  text: string;
  fromName: string;
  now: Date;
  /** Random digits for new ids. */
  serial: string;
}

/** A Graph-shaped Page webhook delivery with one comment (field `feed`) or one Messenger message. */
export function buildWebhookPayload({ pageId, kind, text, fromName, now, serial }: TestEventInput) {
  const senderId = digitsFrom(`${pageId}:${fromName}`, 16);
  const ms = now.getTime();
  const seconds = Math.floor(ms / 1000);
  if (kind === 'comment') {
    const postId = `${pageId}_${digitsFrom(`${pageId}:post`, 15)}`;
    const commentId = `${postId.split('_')[1]}_${serial}`;
    return {
      object: 'page',
      entry: [
        {
          id: pageId,
          time: seconds,
          changes: [
            {
              field: 'feed',
              value: {
                from: { id: senderId, name: fromName },
                post_id: postId,
                comment_id: commentId,
                parent_id: postId,
                item: 'comment',
                verb: 'add',
                message: text,
                created_time: seconds,
              },
            },
          ],
        },
      ],
    };
  }
  return {
    object: 'page',
    entry: [
      {
        id: pageId,
        time: ms,
        messaging: [{ sender: { id: senderId }, recipient: { id: pageId }, timestamp: ms, message: { mid: `m_${serial}`, text } }],
      },
    ],
  };
}

/**
 * An Instagram webhook delivery (`object: "instagram"`, `entry[].id` = the professional account) with one
 * comment on the account's media (field `comments`) or one Direct message (the Messenger envelope).
 */
export function buildInstagramPayload({ pageId: igUserId, kind, text, fromName, now, serial }: TestEventInput) {
  const senderId = instagramSenderId(igUserId, fromName);
  const ms = now.getTime();
  if (kind === 'comment') {
    return {
      object: 'instagram',
      entry: [
        {
          id: igUserId,
          time: Math.floor(ms / 1000),
          changes: [
            {
              field: 'comments',
              value: {
                from: { id: senderId, username: fromName },
                media: { id: `17${digitsFrom(`${igUserId}:media`, 15)}`, media_product_type: 'FEED' },
                id: `17${serial.slice(0, 15).padEnd(15, '0')}`,
                text,
              },
            },
          ],
        },
      ],
    };
  }
  return {
    object: 'instagram',
    entry: [{ id: igUserId, time: ms, messaging: [{ sender: { id: senderId }, recipient: { id: igUserId }, timestamp: ms, message: { mid: `aWdfZAG1faXRlbToxOklH${serial}`, text } }] }],
  };
}

/** A test sender's Instagram-scoped id on one account (stable per name, as Meta's are per person). */
export const instagramSenderId = (igUserId: string, fromName: string) => digitsFrom(`${igUserId}:${fromName}`, 16);
