import { createHmac, randomUUID } from 'node:crypto';
import { FACEBOOK_API_VERSION } from '@pagemate/shared-contracts/contracts';

/** hex HMAC-SHA256(key = app secret, message = access token): Graph's proof that the caller holds the secret. */
export function appsecretProof(appSecret: string, accessToken: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/** What went wrong at Meta, in the terms the app acts on. */
export type GraphErrorKind = 'token' | 'permission' | 'rate_limit' | 'server' | 'network' | 'other';

/** Graph's error body: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

const TOKEN_CODES = new Set([190, 102, 463, 467]);
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

/** Classifies a Graph error by its code (docs/meta-and-payos.md §2: 190 token, 10/200-series permission, 4/17/32/613 rate). */
export function classifyGraphError(httpStatus: number, body: GraphErrorBody | undefined): GraphErrorKind {
  const code = body?.code;
  if (code !== undefined) {
    if (TOKEN_CODES.has(code) || (body?.error_subcode !== undefined && TOKEN_CODES.has(body.error_subcode))) return 'token';
    if (code === 10 || (code >= 200 && code <= 299)) return 'permission';
    if (RATE_LIMIT_CODES.has(code)) return 'rate_limit';
  }
  if (httpStatus === 429) return 'rate_limit';
  if (httpStatus >= 500) return 'server';
  if (httpStatus === 401 && code === undefined) return 'token';
  return 'other';
}

export class GraphApiError extends Error {
  override name = 'GraphApiError';

  constructor(
    readonly kind: GraphErrorKind,
    readonly httpStatus: number,
    readonly graph: GraphErrorBody,
    /** `GET me/accounts` etc., without tokens: safe to log. */
    readonly operation: string,
  ) {
    super(`Graph ${operation} failed (${kind}, HTTP ${httpStatus}, code ${graph.code ?? '-'}): ${graph.message ?? 'no message'}`);
  }

  get code() {
    return this.graph.code;
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface GraphClientOptions {
  /** Graph base without the version, e.g. https://graph.facebook.com or the sandbox's. */
  baseUrl: string;
  appId: string;
  appSecret: string;
  fetch?: FetchLike;
  /** Tries of a call that may be retried (first one included). */
  maxAttempts?: number;
  /** Base of the exponential backoff, ms. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Per-attempt timeout, ms. */
  timeoutMs?: number;
}

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Relative to the version, e.g. `me/accounts` or `123/subscribed_apps`. */
  path: string;
  /** Sent as `Authorization: Bearer` (never in the URL, which ends up in logs) plus `appsecret_proof`. */
  accessToken?: string;
  query?: Record<string, string | number | undefined>;
  /** JSON body of a POST. */
  body?: Record<string, unknown>;
  /**
   * A POST/DELETE that does the same thing however often it is repeated (subscribed_apps): it may be retried
   * on 5xx and rate limits. Never set for replies, sends or posts: a retried timeout could answer twice.
   */
  idempotent?: boolean;
}

export interface GraphPage {
  id: string;
  name: string;
  access_token?: string;
  category?: string;
  tasks?: string[];
}

export interface TokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one client of the Graph API v20.0 — Meta's or the built-in sandbox's, over HTTP either way.
 * Every call carrying a token also carries `appsecret_proof`; failures become `GraphApiError`s with a kind;
 * only safe calls are retried (GET always; idempotent POST/DELETE on 5xx and rate limits), with backoff.
 */
export class GraphClient {
  readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;

  constructor(private readonly options: GraphClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 300;
    this.sleep = options.sleep ?? defaultSleep;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  get appId() {
    return this.options.appId;
  }

  urlFor(path: string, query: Record<string, string | number | undefined> = {}): string {
    const url = new URL(`${this.baseUrl}/${FACEBOOK_API_VERSION}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    return url.toString();
  }

  async request<T>(call: GraphRequest): Promise<T> {
    const method = call.method ?? 'GET';
    const operation = `${method} ${call.path}`;
    const query = { ...call.query };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.accessToken) {
      headers.authorization = `Bearer ${call.accessToken}`;
      query.appsecret_proof = appsecretProof(this.options.appSecret, call.accessToken);
    }
    let body: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const url = this.urlFor(call.path, query);
    const retriable = method === 'GET' || call.idempotent === true;

    for (let attempt = 1; ; attempt += 1) {
      let error: GraphApiError;
      try {
        const response = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
        const parsed = (await response.json().catch(() => undefined)) as unknown;
        if (response.ok && !(isObject(parsed) && isObject(parsed.error))) return parsed as T;
        const graph = isObject(parsed) && isObject(parsed.error) ? (parsed.error as GraphErrorBody) : { message: `HTTP ${response.status}` };
        error = new GraphApiError(classifyGraphError(response.status, graph), response.status, graph, operation);
      } catch (thrown) {
        // A network failure or timeout: the call may or may not have reached Meta.
        error = new GraphApiError('network', 0, { message: thrown instanceof Error ? thrown.message : String(thrown) }, operation);
      }
      const transient = error.kind === 'server' || error.kind === 'rate_limit' || (error.kind === 'network' && method === 'GET');
      if (!retriable || !transient || attempt >= this.maxAttempts) throw error;
      await this.sleep(this.backoffMs * 2 ** (attempt - 1) * (error.kind === 'rate_limit' ? 4 : 1));
    }
  }

  /** OAuth dialog code → short-lived user token; `redirectUri` must be the dialog's, exactly. */
  exchangeCode(code: string, redirectUri: string) {
    return this.request<TokenAnswer>({
      path: 'oauth/access_token',
      query: { client_id: this.options.appId, client_secret: this.options.appSecret, redirect_uri: redirectUri, code },
    });
  }

  /** Short-lived → long-lived (≈ 60 days) user token. */
  exchangeForLongLived(userToken: string) {
    return this.request<TokenAnswer>({
      path: 'oauth/access_token',
      query: {
        grant_type: 'fb_exchange_token',
        client_id: this.options.appId,
        client_secret: this.options.appSecret,
        fb_exchange_token: userToken,
      },
    });
  }

  me(accessToken: string) {
    return this.request<{ id: string; name: string }>({ path: 'me', accessToken, query: { fields: 'id,name' } });
  }

  /** The permissions the person granted this app (declined and expired ones left out). */
  async grantedPermissions(userToken: string): Promise<string[]> {
    const answer = await this.request<{ data: { permission: string; status: string }[] }>({ path: 'me/permissions', accessToken: userToken });
    return answer.data.filter((entry) => entry.status === 'granted').map((entry) => entry.permission);
  }

  /** The user's pages; those without `access_token` cannot be managed by the app. Follows paging. */
  async pages(userToken: string): Promise<GraphPage[]> {
    const pages: GraphPage[] = [];
    let after: string | undefined;
    for (let round = 0; round < 20; round += 1) {
      const answer = await this.request<{ data: GraphPage[]; paging?: { cursors?: { after?: string }; next?: string } }>({
        path: 'me/accounts',
        accessToken: userToken,
        query: { fields: 'id,name,access_token,category,tasks', limit: 100, after },
      });
      pages.push(...answer.data);
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return pages;
  }

  /** The fields this app is subscribed to on the page (empty when not subscribed). */
  async subscribedFields(pageId: string, pageToken: string): Promise<string[]> {
    const answer = await this.request<{ data: { id: string; subscribed_fields?: string[] }[] }>({
      path: `${pageId}/subscribed_apps`,
      accessToken: pageToken,
    });
    const mine = answer.data.find((entry) => entry.id === this.options.appId) ?? (answer.data.length === 1 ? answer.data[0] : undefined);
    return mine?.subscribed_fields ?? [];
  }

  /** Replaces the page's subscription with exactly these fields; none → the app is unsubscribed. */
  async setSubscribedFields(pageId: string, pageToken: string, fields: string[]): Promise<void> {
    if (fields.length === 0) {
      await this.request({ method: 'DELETE', path: `${pageId}/subscribed_apps`, accessToken: pageToken, idempotent: true });
      return;
    }
    await this.request({
      method: 'POST',
      path: `${pageId}/subscribed_apps`,
      accessToken: pageToken,
      query: { subscribed_fields: fields.join(',') },
      idempotent: true,
    });
  }

  /** A public reply under a comment. Never retried (a lost answer must not become two replies). */
  replyToComment(commentId: string, pageToken: string, message: string) {
    return this.request<{ id: string }>({ method: 'POST', path: `${commentId}/comments`, accessToken: pageToken, body: { message } });
  }

  /** Messenger send to a PSID (within 24 h of their last message), or a private reply to a comment. */
  sendMessage(pageId: string, pageToken: string, recipient: { id: string } | { comment_id: string }, text: string) {
    return this.request<{ recipient_id?: string; message_id: string }>({
      method: 'POST',
      path: `${pageId}/messages`,
      accessToken: pageToken,
      body: { recipient, ...('id' in recipient ? { messaging_type: 'RESPONSE' } : {}), message: { text } },
    });
  }

  /** The answers under a comment (to find out whether a send whose outcome was lost did happen). */
  async commentReplies(commentId: string, pageToken: string): Promise<{ id: string; message: string; from?: { id: string } }[]> {
    const answer = await this.request<{ data: { id: string; message?: string; from?: { id: string } }[] }>({
      path: `${commentId}/comments`,
      accessToken: pageToken,
      query: { fields: 'id,message,from', filter: 'stream', order: 'reverse_chronological', limit: 100 },
    });
    return answer.data.map((item) => ({ id: item.id, message: item.message ?? '', ...(item.from ? { from: item.from } : {}) }));
  }

  /**
   * The latest messages between the page (or its linked Instagram account: `platform` instagram) and one person,
   * newest first, for the same purpose.
   */
  async conversationMessages(
    pageId: string,
    pageToken: string,
    psid: string,
    platform: 'messenger' | 'instagram' = 'messenger',
  ): Promise<{ id: string; message: string; from?: { id: string } }[]> {
    const answer = await this.request<{ data: { id: string; messages?: { data: { id: string; message?: string; from?: { id: string } }[] } }[] }>({
      path: `${pageId}/conversations`,
      accessToken: pageToken,
      query: { platform, user_id: psid, fields: 'messages.limit(25){id,message,from}' },
    });
    return answer.data.flatMap((conversation) => conversation.messages?.data ?? []).map((item) => ({ id: item.id, message: item.message ?? '', ...(item.from ? { from: item.from } : {}) }));
  }

  /**
   * A Messenger user's name (User Profile API), or an Instagram user's (name, else username, by their
   * Instagram-scoped id); webhooks carry only the scoped id.
   */
  async profileName(psid: string, pageToken: string, platform: 'messenger' | 'instagram' = 'messenger'): Promise<string> {
    const fields = platform === 'instagram' ? 'name,username' : 'name,first_name,last_name';
    const answer = await this.request<{ name?: string; first_name?: string; last_name?: string; username?: string }>({ path: psid, accessToken: pageToken, query: { fields } });
    return answer.name || [answer.first_name, answer.last_name].filter(Boolean).join(' ') || (answer.username ?? '');
  }

  // ── Instagram (the professional account linked to a page, reached with the page token) ─────────────

  /** The page's linked Instagram professional account, or null when it has none. */
  async instagramAccount(pageId: string, pageToken: string, detailed = true): Promise<{ igUserId: string; username: string; pictureUrl: string | null } | null> {
    const answer = await this.request<{ id: string; instagram_business_account?: { id: string; username?: string; profile_picture_url?: string } }>({
      path: pageId,
      accessToken: pageToken,
      // Its username and picture take instagram_basic; that the page has one, only the page's token.
      query: { fields: detailed ? 'instagram_business_account{id,username,profile_picture_url}' : 'instagram_business_account' },
    });
    const account = answer.instagram_business_account;
    return account?.id ? { igUserId: account.id, username: account.username ?? '', pictureUrl: account.profile_picture_url ?? null } : null;
  }

  /** A public reply under an Instagram comment. Never retried, as `replyToComment`. */
  replyToInstagramComment(commentId: string, pageToken: string, message: string) {
    return this.request<{ id: string }>({ method: 'POST', path: `${commentId}/replies`, accessToken: pageToken, body: { message } });
  }

  /** The replies under an Instagram comment (`from` is the account for its own), as `commentReplies`. */
  async instagramCommentReplies(commentId: string, pageToken: string): Promise<{ id: string; message: string; from?: { id: string } }[]> {
    const answer = await this.request<{ data: { id: string; text?: string; from?: { id: string } }[] }>({
      path: `${commentId}/replies`,
      accessToken: pageToken,
      query: { fields: 'id,text,from' },
    });
    return answer.data.map((item) => ({ id: item.id, message: item.text ?? '', ...(item.from ? { from: item.from } : {}) }));
  }

  /** Step one of an Instagram post: a media container for a public JPEG (`is_carousel_item` for a carousel's children). */
  createInstagramContainer(igUserId: string, pageToken: string, media: { image_url?: string; caption?: string; is_carousel_item?: boolean; media_type?: 'CAROUSEL'; children?: string }) {
    return this.request<{ id: string }>({ method: 'POST', path: `${igUserId}/media`, accessToken: pageToken, body: media });
  }

  /** A container's processing state: IN_PROGRESS, FINISHED (ready to publish), ERROR, EXPIRED or PUBLISHED. */
  instagramContainerStatus(containerId: string, pageToken: string) {
    return this.request<{ id: string; status_code: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED'; status?: string }>({
      path: containerId,
      accessToken: pageToken,
      query: { fields: 'id,status_code,status' },
    });
  }

  /** Publishes a FINISHED container; answers the new media's id. Never retried (one post, not two). */
  publishInstagramContainer(igUserId: string, pageToken: string, creationId: string) {
    return this.request<{ id: string }>({ method: 'POST', path: `${igUserId}/media_publish`, accessToken: pageToken, body: { creation_id: creationId } });
  }

  /** The account's latest media (newest first): to find a post whose publish answer was lost. */
  async instagramMedia(igUserId: string, pageToken: string): Promise<{ id: string; caption: string }[]> {
    const answer = await this.request<{ data: { id: string; caption?: string }[] }>({ path: `${igUserId}/media`, accessToken: pageToken, query: { fields: 'id,caption,timestamp', limit: 25 } });
    return answer.data.map((item) => ({ id: item.id, caption: item.caption ?? '' }));
  }

  /** The account's publishing quota: posts published in the last 24 hours and the most allowed. */
  async instagramPublishingLimit(igUserId: string, pageToken: string): Promise<{ used: number; total: number }> {
    const answer = await this.request<{ data: { quota_usage?: number; config?: { quota_total?: number } }[] }>({
      path: `${igUserId}/content_publishing_limit`,
      accessToken: pageToken,
      query: { fields: 'quota_usage,config' },
    });
    const first = answer.data[0];
    return { used: first?.quota_usage ?? 0, total: first?.config?.quota_total ?? 0 };
  }

  publishPost(pageId: string, pageToken: string, post: { message: string; link?: string; published?: boolean; scheduled_publish_time?: number }) {
    return this.request<{ id: string }>({ method: 'POST', path: `${pageId}/feed`, accessToken: pageToken, body: post });
  }

  publishPhoto(pageId: string, pageToken: string, photo: { url: string; caption?: string; published?: boolean }) {
    return this.request<{ id: string; post_id?: string }>({ method: 'POST', path: `${pageId}/photos`, accessToken: pageToken, body: photo });
  }

  /**
   * A post with several photos (docs/meta-and-payos.md §5): each photo uploaded with `published=false` (no post of its
   * own), then one feed post attaching them all by `media_fbid`. Never retried as a whole: a lost answer is looked
   * up with `pageFeed` before publishing again.
   */
  async publishPhotos(pageId: string, pageToken: string, post: { message: string; urls: readonly string[] }): Promise<{ id: string; photoIds: string[] }> {
    const photoIds: string[] = [];
    for (const url of post.urls) photoIds.push((await this.publishPhoto(pageId, pageToken, { url, published: false })).id);
    const published = await this.request<{ id: string }>({
      method: 'POST',
      path: `${pageId}/feed`,
      accessToken: pageToken,
      body: { message: post.message, attached_media: photoIds.map((id) => ({ media_fbid: id })) },
    });
    return { id: published.id, photoIds };
  }

  /** The page's latest posts, newest first: to find out whether a publish whose outcome was lost did happen. */
  async pageFeed(pageId: string, pageToken: string, limit = 25): Promise<{ id: string; message: string; created_time?: string }[]> {
    const answer = await this.request<{ data: { id: string; message?: string; created_time?: string }[] }>({
      path: `${pageId}/feed`,
      accessToken: pageToken,
      query: { fields: 'id,message,created_time', limit },
    });
    return answer.data.map((post) => ({ id: post.id, message: post.message ?? '', ...(post.created_time ? { created_time: post.created_time } : {}) }));
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A Graph-shaped error body, as Meta answers (used by the sandbox and by tests' recordings). */
export function graphErrorBody(message: string, code: number, type = 'OAuthException', subcode?: number) {
  return { error: { message, type, code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: randomUUID().replace(/-/g, '').slice(0, 11) } };
}
