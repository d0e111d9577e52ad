import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where Meta (or the built-in sandbox) delivers Page webhooks: `${PUBLIC_API_URL}/webhook`. */
export const WEBHOOK_PATH = '/webhook';

/** `sha256=<hex HMAC-SHA256(app secret, exact body bytes)>`, the X-Hub-Signature-256 header Meta sends. */
export function hubSignature(appSecret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Checks X-Hub-Signature-256 over the bytes received (never a re-serialisation), in constant time. */
export function verifyHubSignature(appSecret: string, body: Buffer, header: string | undefined): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(hubSignature(appSecret, body));
  const given = Buffer.from(header.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Facebook (Page webhooks, `object: "page"`) or Instagram (`object: "instagram"`). */
export type EventChannel = 'facebook' | 'instagram';

/**
 * A new or edited comment under one of the page's posts (field `feed`, item `comment`), or a comment on the
 * linked Instagram account's media (field `comments`).
 */
export interface CommentEvent {
  type: 'comment';
  channel: EventChannel;
  /**
   * The Facebook page. For Instagram the delivery names the Instagram account only: the parser puts its id
   * here and the inbox replaces it with the page the account is linked to.
   */
  pageId: string;
  /** Who the page speaks as: the page id on Facebook, the Instagram account id on Instagram. */
  accountId: string;
  verb: 'add' | 'edited';
  commentId: string;
  postId: string;
  /** The comment answered, or the post for a top-level comment. */
  parentId: string;
  fromId: string;
  fromName: string;
  text: string;
  createdAt: Date;
}

/** A Messenger message to the page, or an echo of one the page sent (by an app or by a person). */
export interface MessageEvent {
  type: 'message';
  channel: EventChannel;
  /** As `CommentEvent.pageId`. */
  pageId: string;
  /** As `CommentEvent.accountId`. */
  accountId: string;
  mid: string;
  /** The customer's PSID: the sender of a message, the recipient of an echo. */
  customerId: string;
  text: string;
  /** It carried attachments (a photo, a sticker…). */
  attachments: boolean;
  isEcho: boolean;
  /** Echoes: the app that sent it (absent when a person typed it in Meta's own inbox tools). */
  appId: string | undefined;
  createdAt: Date;
}

export type PageEvent = CommentEvent | MessageEvent;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | undefined =>
  (typeof value === 'string' && /^[\w.:-]{1,128}$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value)) ? String(value) : undefined;
/**
 * Text as PostgreSQL can store it: NUL characters dropped, lone UTF-16 surrogates (a cut emoji) made
 * U+FFFD. A signed delivery holding either would otherwise fail its insert with a 500, and Meta would deliver the
 * whole batch again for ever.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this drops
const storableText = (value: string) => value.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const textOf = (value: unknown, max = 8_000): string => (typeof value === 'string' ? storableText(value.slice(0, max)) : '');

/** Feed times are seconds (or ISO strings in older payloads); messaging times are milliseconds. */
function instantOf(value: unknown, unit: 'seconds' | 'ms', fallback: Date): Date {
  let time = Number.NaN;
  if (typeof value === 'number' && Number.isFinite(value)) time = unit === 'seconds' ? value * 1000 : value;
  else if (typeof value === 'string') time = Date.parse(value);
  // Out of Date's range (1e308) or before 1970 (a year PostgreSQL cannot store): the time it arrived instead.
  return Number.isFinite(time) && time > 0 && time <= 8.64e15 ? new Date(time) : fallback;
}

function commentOf(pageId: string, value: Loose, now: Date): CommentEvent | undefined {
  if (value.item !== 'comment' || (value.verb !== 'add' && value.verb !== 'edited')) return undefined;
  const commentId = idOf(value.comment_id);
  const postId = idOf(value.post_id);
  const from = isObject(value.from) ? value.from : {};
  const fromId = idOf(from.id);
  if (!commentId || !postId || !fromId) return undefined;
  return {
    type: 'comment',
    channel: 'facebook',
    pageId,
    accountId: pageId,
    verb: value.verb,
    commentId,
    postId,
    parentId: idOf(value.parent_id) ?? postId,
    fromId,
    fromName: textOf(from.name, 200),
    text: textOf(value.message),
    createdAt: instantOf(value.created_time, 'seconds', now),
  };
}

/**
 * An Instagram comment (field `comments`): `{id, text, from: {id, username}, media: {id}, parent_id?}`, new only
 * (Instagram sends no verb). A reply's thread is the comment it answers; a top-level comment's, itself.
 */
function instagramCommentOf(accountId: string, value: Loose, now: Date): CommentEvent | undefined {
  const commentId = idOf(value.id);
  const media = isObject(value.media) ? value.media : {};
  const mediaId = idOf(media.id);
  const from = isObject(value.from) ? value.from : {};
  const fromId = idOf(from.id);
  if (!commentId || !mediaId || !fromId) return undefined;
  return {
    type: 'comment',
    channel: 'instagram',
    pageId: accountId,
    accountId,
    verb: 'add',
    commentId,
    postId: mediaId,
    parentId: idOf(value.parent_id) ?? mediaId,
    fromId,
    fromName: textOf(from.username, 200),
    text: textOf(value.text),
    createdAt: instantOf(value.timestamp ?? value.created_time, 'seconds', now),
  };
}

function messageOf(pageId: string, item: Loose, now: Date, channel: EventChannel = 'facebook'): MessageEvent | undefined {
  const message = item.message;
  if (!isObject(message)) return undefined; // deliveries, reads, postbacks, reactions: nothing to answer
  const mid = idOf(message.mid);
  const isEcho = message.is_echo === true;
  const sender = isObject(item.sender) ? idOf(item.sender.id) : undefined;
  const recipient = isObject(item.recipient) ? idOf(item.recipient.id) : undefined;
  const customerId = isEcho ? recipient : sender;
  if (!mid || !customerId || customerId === pageId) return undefined;
  return {
    type: 'message',
    channel,
    pageId,
    accountId: pageId,
    mid,
    customerId,
    text: textOf(message.text),
    attachments: Array.isArray(message.attachments) && message.attachments.length > 0,
    isEcho,
    appId: idOf(message.app_id),
    createdAt: instantOf(item.timestamp, 'ms', now),
  };
}

/**
 * Every comment and message of a Page webhook delivery, in order: each `entry[]`, each of its `changes[]` and
 * `messaging[]`. Items that are not comments or messages, or lack the ids we key on, are left out (and counted).
 */
export function pageEventsOf(body: unknown, now: Date): { events: PageEvent[]; ignored: number } {
  if (isObject(body) && body.object === 'instagram') return instagramEventsOf(body, now);
  const events: PageEvent[] = [];
  let ignored = 0;
  if (!isObject(body) || body.object !== 'page' || !Array.isArray(body.entry)) return { events, ignored: 1 };
  for (const entry of body.entry) {
    const pageId = isObject(entry) ? idOf(entry.id) : undefined;
    if (!isObject(entry) || !pageId) {
      ignored += 1;
      continue;
    }
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      const event = isObject(change) && change.field === 'feed' && isObject(change.value) ? commentOf(pageId, change.value, now) : undefined;
      if (event) events.push(event);
      else ignored += 1;
    }
    for (const item of Array.isArray(entry.messaging) ? entry.messaging : []) {
      const event = isObject(item) ? messageOf(pageId, item, now) : undefined;
      if (event) events.push(event);
      else ignored += 1;
    }
  }
  return { events, ignored };
}

/**
 * Every comment and Direct message of an Instagram delivery (`object: "instagram"`, `entry[].id` = the
 * professional account): `changes[]` of field `comments` and `messaging[]` in the Messenger envelope. Live
 * comments, mentions, reactions and reads are left out (and counted).
 */
function instagramEventsOf(body: Loose, now: Date): { events: PageEvent[]; ignored: number } {
  const events: PageEvent[] = [];
  let ignored = 0;
  if (!Array.isArray(body.entry)) return { events, ignored: 1 };
  for (const entry of body.entry) {
    const accountId = isObject(entry) ? idOf(entry.id) : undefined;
    if (!isObject(entry) || !accountId) {
      ignored += 1;
      continue;
    }
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      const event = isObject(change) && change.field === 'comments' && isObject(change.value) ? instagramCommentOf(accountId, change.value, now) : undefined;
      if (event) events.push(event);
      else ignored += 1;
    }
    for (const item of Array.isArray(entry.messaging) ? entry.messaging : []) {
      const event = isObject(item) ? messageOf(accountId, item, now, 'instagram') : undefined;
      if (event) events.push(event);
      else ignored += 1;
    }
  }
  return { events, ignored };
}
