import { createHash, randomBytes } from 'node:crypto';
import {
  type Channel,
  FACEBOOK_API_VERSION,
  FACEBOOK_SCOPES,
  type FacebookAccount,
  type FacebookConnectPopupError,
  type FileRef,
  type PageAction,
  type PageManager,
} from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageActionName } from '../../../db/schema/index.js';
import { AppError, RateLimitedError } from '../../../errors/app-error.js';
import { vietnamDate } from '../../../http/list-query.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { maskToken } from '../../../meta/token-cipher.js';
import type { FacebookPageRow, PageManagerRow } from './facebook-repository.js';
import { APP_ON_PAGE_FIELD, createInstagramLink, INSTAGRAM_SCOPES } from './instagram-link.js';

/** Dialog scopes: the product's (docs/product.md §7), plus what replying to comments and posting need (docs/meta-and-payos.md §1). */
export const CONNECT_SCOPES = [
  ...FACEBOOK_SCOPES,
  'pages_read_engagement',
  'pages_manage_engagement',
  'pages_manage_posts',
] as const;
/** Prompt tokens of a usual bot reply (persona, a few passages, the thread): what "can afford a reply" means. */
const TYPICAL_REPLY_TOKENS = 3_000;
/** How long a connect URL's `state` stays usable. */
export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Contract event types ↔ `subscribed_apps` fields. Messages bring their echoes too: an echo not sent by this app
 * is a person answering from Meta's inbox, and the bot steps back (human handoff).
 */
export const GRAPH_FIELDS_OF: Record<PageAction, readonly string[]> = { comments: ['feed'], messages: ['messages', 'message_echoes'] };
const ACTION_OF_FIELD = new Map<string, PageAction>([
  ['feed', 'comments'],
  ['messages', 'messages'],
]);

/** Why the connect page cannot hand the dialog's answer over; it posts it as `error`. */
export class ConnectError extends Error {
  override name = 'ConnectError';
  constructor(readonly reason: FacebookConnectPopupError, detail?: string) {
    super(detail ?? reason);
  }
}

/** What the dialog sent the browser back with. */
export interface ConnectCallback {
  code?: string;
  state?: string;
  error?: string;
}

/** The dialog's answer, for the page manager that opened the popup to finish with. */
export interface ConnectHandOff {
  code: string;
  state: string;
}

export interface ConnectResult {
  userId: string;
  accountName: string;
  pages: number;
  /** Masked long-lived user token: a marker for the shell, never usable. */
  maskedToken: string;
}

export interface ManagerInput {
  manager_id?: string;
  page_id: string;
  page_name: string;
  files: FileRef[];
  config_id: string | null;
  action: PageAction[];
  auto_reply: boolean;
}

export interface FacebookService {
  connectUrl(userId: string, options?: { instagram?: boolean }): Promise<{ url: string; sandbox: boolean }>;
  /**
   * The OAuth redirect's check, read only: a usable state, no dialog error, a code. Connects nothing: the
   * browser that started the flow finishes it with `completeConnect`, under its own session.
   */
  readCallback(callback: ConnectCallback): Promise<ConnectHandOff>;
  /** Who asked for this dialog `state`, while it is usable (read only): the Meta sandbox shows that user's pages. */
  connectStateOwner(state: string): Promise<string | undefined>;
  /** Consumes the state, which must be one `userId` asked for, then exchanges the code and stores the pages. */
  completeConnect(userId: string, handOff: ConnectHandOff): Promise<ConnectResult>;
  accounts(userId: string): Promise<FacebookAccount[]>;
  /**
   * Facebook: adds or removes one event type at Meta (read → change one field → write), records and returns the
   * result. Instagram: the linked account's event types — Meta delivers them by the app's Instagram webhook
   * fields once the app is subscribed to the page, which subscribing makes sure of; the account is read again
   * first (it may have been unlinked).
   */
  setSubscription(userId: string, pageId: string, type: PageAction, action: 'subscribe' | 'unsubscribe', channel?: Channel): Promise<PageAction[]>;
  getManagers(userId: string, username: string, pageIds: string[]): Promise<PageManager[]>;
  saveManager(userId: string, username: string, input: ManagerInput): Promise<PageManager>;
  deleteManager(userId: string, managerId: string): Promise<void>;
  saveCollections(userId: string, pageIds: string[], files: FileRef[]): Promise<void>;
  /** The page's decrypted token, for server-side Graph calls (replies, posts). 404 when not the user's. */
  pageToken(userId: string, pageId: string): Promise<string>;
  /**
   * Facebook refused the page's token or a permission during background work (a bot answer, a scheduled post,
   * the daily check): flags the page `needs_reconnect` and tells the user — once a Vietnam day per page.
   */
  flagReconnect(userId: string, pageId: string): Promise<void>;
  /** Each connected page's health as the page manager shows it (a partner reads its shops' pages this way). */
  pageHealth(userId: string): Promise<PageHealth[]>;
  /**
   * `pageHealth` of each user given (every id is a key, `[]` for a user without pages), in one query — plus one
   * for the balances when some page is paused for lack of funds — whatever the number of users.
   */
  pageHealthOf(userIds: readonly string[]): Promise<Map<string, PageHealth[]>>;
}

export interface PageHealth {
  pageId: string;
  name: string;
  needsReconnect: boolean;
  botPaused: 'no_funds' | 'daily_cap' | null;
  /** Last change of the page row (a reconnect flag sets it). */
  updatedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    facebook: FacebookService;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A state longer than this was never issued (ours are 43 characters): not worth a lookup. */
const MAX_STATE_LENGTH = 128;
const connectExpired = () =>
  new AppError(400, 'FACEBOOK_CONNECT_EXPIRED', 'This Facebook authorization is unknown, expired or was already used: nothing was connected; connect again');
const connectForeign = () =>
  new AppError(403, 'FACEBOOK_CONNECT_FOREIGN', 'This Facebook authorization was started by another PageMate account: nothing was connected. Connect again from your own page manager');
const pageNotFound = () => new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
const reconnect = () =>
  new AppError(409, 'CONFLICT', 'Facebook no longer accepts the access to this page (token expired or revoked): reconnect the Facebook account');
const uniqueActions = (actions: PageAction[]) => [...new Set(actions)].sort() as PageActionName[];

export function toPageManager(row: PageManagerRow, username: string): PageManager {
  return {
    manager_id: row.id,
    username,
    page_id: row.pageId,
    page_name: row.pageName,
    files: row.files,
    config_id: row.configId,
    action: row.action,
    auto_reply: row.autoReply,
  };
}

/** Facebook accounts, pages and their managers, with every Meta call through `app.meta.graph`. */
function facebookServicePlugin(app: FastifyInstance) {
  const repo = app.facebookRepository;
  const { meta } = app;
  const now = () => app.clock.now();

  /** A Graph failure as the API's answer; a token failure also flags the page for reconnection. */
  async function graphFailure(error: unknown, userId: string, pageId: string): Promise<never> {
    if (!(error instanceof GraphApiError)) throw error;
    app.log.warn({ kind: error.kind, graphCode: error.code, httpStatus: error.httpStatus, operation: error.operation }, 'Graph API call failed');
    switch (error.kind) {
      case 'token':
        await repo.markNeedsReconnect(userId, pageId, now());
        throw reconnect();
      case 'permission':
        throw new AppError(403, 'FORBIDDEN', 'Facebook refused: the app lacks a permission on this page. Reconnect and grant every requested permission');
      case 'rate_limit':
        throw new RateLimitedError(60);
      default:
        throw new AppError(503, 'UNAVAILABLE', 'Facebook did not complete the request; please try again later');
    }
  }

  /**
   * Whether the bot is stopped on a page for money: a daily cap until the next Vietnam day; no funds while the
   * balance cannot cover a typical reply (the next customer item tries again by itself).
   */
  async function botPauseOf(userId: string, pages: readonly FacebookPageRow[]) {
    return botPauseAt(now(), pausedForFunds(pages) ? await app.ledger.balanceOf(userId) : 0);
  }

  /** The balance only matters (and is only read) when a page is paused for funds. */
  const pausedForFunds = (pages: readonly FacebookPageRow[]) => pages.some((page) => page.botPausedReason === 'no_funds');

  /** `botPauseOf`'s rule for a user whose balance is known. */
  function botPauseAt(at: Date, balance: number) {
    const typicalReply = app.ledger.costOf(TYPICAL_REPLY_TOKENS + app.config.bot.maxOutputTokens);
    return (page: FacebookPageRow): 'no_funds' | 'daily_cap' | null => {
      if (page.botPausedReason === 'daily_cap' && page.botPausedUntil !== null && page.botPausedUntil > at) return 'daily_cap';
      if (page.botPausedReason === 'no_funds' && balance < typicalReply) return 'no_funds';
      return null;
    };
  }

  function decryptOrUndefined(stored: string): string | undefined {
    try {
      return meta.tokens.decrypt(stored);
    } catch {
      return undefined;
    }
  }

  /** Flagged by Facebook's refusal, or a stored token this server can no longer read (the key changed). */
  const needsReconnect = (page: FacebookPageRow, pageToken: string | undefined) => page.needsReconnect || pageToken === undefined;

  /** A page row as `pageHealth` shows it. */
  const healthOf =
    (botPaused: (page: FacebookPageRow) => PageHealth['botPaused']) =>
    (page: FacebookPageRow): PageHealth => ({
      pageId: page.pageId,
      name: page.name,
      needsReconnect: needsReconnect(page, decryptOrUndefined(page.pageTokenEncrypted)),
      botPaused: botPaused(page),
      updatedAt: page.updatedAt,
    });

  async function ownedPage(userId: string, pageId: string): Promise<FacebookPageRow & { instagramAllowed: boolean }> {
    const page = await repo.findPage(userId, pageId);
    if (!page) throw pageNotFound();
    return page;
  }

  async function tokenOf(userId: string, page: FacebookPageRow): Promise<string> {
    const token = decryptOrUndefined(page.pageTokenEncrypted);
    if (token === undefined) {
      // The key changed (TOKEN_ENCRYPTION_KEY rotated) or the value was tampered with: only a reconnect helps.
      await repo.markNeedsReconnect(userId, page.pageId, now());
      throw reconnect();
    }
    return token;
  }

  const { linkedInstagram, setInstagramSubscription } = createInstagramLink(app, graphFailure);

  const service: FacebookService = {
    async connectUrl(userId, { instagram = false } = {}) {
      // Instagram's permissions only for a user who asks to allow it, and again on every later connect.
      const withInstagram = instagram || (await repo.listAccounts(userId)).some((account) => account.instagramAllowed);
      const nonce = randomBytes(32).toString('base64url');
      const createdAt = now();
      await repo.insertConnectState({ nonceHash: sha256(nonce), userId, createdAt, expiresAt: new Date(createdAt.getTime() + CONNECT_STATE_TTL_MS) });
      const url = new URL(`${meta.dialogUrl}/${FACEBOOK_API_VERSION}/dialog/oauth`);
      url.searchParams.set('client_id', meta.appId);
      url.searchParams.set('redirect_uri', meta.redirectUri);
      url.searchParams.set('state', nonce);
      url.searchParams.set('scope', [...CONNECT_SCOPES, ...(withInstagram ? INSTAGRAM_SCOPES : [])].join(','));
      url.searchParams.set('response_type', 'code');
      return { url: url.toString(), sandbox: meta.sandbox };
    },

    async readCallback({ code, state, error }) {
      const usable = state !== undefined && state.length <= MAX_STATE_LENGTH && (await repo.isConnectStateUsable(sha256(state), now()));
      if (!usable) throw new ConnectError('invalid_state', 'unknown, expired or already used state');
      if (error) throw new ConnectError(error === 'access_denied' ? 'access_denied' : 'facebook_error', `dialog answered ${error}`);
      if (!code) throw new ConnectError('missing_code');
      return { code, state };
    },

    async connectStateOwner(state) {
      return state.length <= MAX_STATE_LENGTH ? repo.connectStateOwner(sha256(state), now()) : undefined;
    },

    async completeConnect(userId, { code, state }) {
      // The state is consumed first, whoever presents it: it is single use in every case.
      const owner = state.length <= MAX_STATE_LENGTH ? await repo.consumeConnectState(sha256(state), now()) : undefined;
      if (!owner) throw connectExpired();
      if (owner !== userId) {
        // Another account's authorization URL completed in this browser (sent to this user, or opened for them):
        // the pages belong to whoever approved the dialog here, never to the account that asked for the URL.
        app.log.warn({ userId, stateOwner: owner }, 'facebook connect: a state asked for by another account was presented');
        throw connectForeign();
      }
      try {
        const short = await meta.graph.exchangeCode(code, meta.redirectUri);
        const long = await meta.graph.exchangeForLongLived(short.access_token);
        const [me, granted] = await Promise.all([meta.graph.me(long.access_token), meta.graph.grantedPermissions(long.access_token)]);
        const instagramAllowed = INSTAGRAM_SCOPES.every((scope) => granted.includes(scope));
        const usable = (await meta.graph.pages(long.access_token)).filter((page) => typeof page.access_token === 'string' && page.access_token);
        const instagram = await Promise.all(usable.map((page) => linkedInstagram(page.id, page.access_token ?? '', instagramAllowed)));
        await repo.saveConnection(
          userId,
          {
            facebookUserId: me.id,
            name: me.name,
            userTokenEncrypted: meta.tokens.encrypt(long.access_token),
            sandbox: meta.sandbox,
            instagramAllowed,
            pages: usable.map((page, index) => ({ pageId: page.id, name: page.name, pageTokenEncrypted: meta.tokens.encrypt(page.access_token ?? ''), instagram: instagram[index] })),
          },
          now(),
        );
        return { userId, accountName: me.name, pages: usable.length, maskedToken: maskToken(long.access_token) };
      } catch (thrown) {
        if (!(thrown instanceof GraphApiError)) throw thrown;
        app.log.warn({ kind: thrown.kind, graphCode: thrown.code, operation: thrown.operation }, 'Facebook connect failed at Graph');
        if (thrown.kind === 'rate_limit' || thrown.kind === 'server' || thrown.kind === 'network') {
          throw new AppError(503, 'UNAVAILABLE', 'Facebook did not complete the connection; please connect again in a moment');
        }
        throw new AppError(400, 'FACEBOOK_CONNECT_REFUSED', 'Facebook refused this authorization (its code is invalid or was already used): nothing was connected; connect again');
      }
    },

    async accounts(userId) {
      const [accounts, pages] = await Promise.all([repo.listAccounts(userId), repo.listPages(userId)]);
      const botPaused = await botPauseOf(userId, pages);
      return accounts.map((account) => {
        const userToken = decryptOrUndefined(account.userTokenEncrypted);
        return {
          name_fb: account.name,
          id_user_fb: account.facebookUserId,
          access_token_user: userToken === undefined ? '…' : maskToken(userToken),
          sandbox: account.sandbox,
          instagram_allowed: account.instagramAllowed,
          page_data: pages
            .filter((page) => page.accountId === account.id)
            .map((page) => {
              const pageToken = decryptOrUndefined(page.pageTokenEncrypted);
              return {
                page_name: page.name,
                page_id: page.pageId,
                page_access_token: pageToken === undefined ? '…' : maskToken(pageToken),
                subscribed: page.subscribed,
                needs_reconnect: needsReconnect(page, pageToken),
                bot_paused: botPaused(page),
                instagram: page.igUserId
                  ? { ig_user_id: page.igUserId, username: page.igUsername ?? '', picture_url: page.igPictureUrl, subscribed: page.igSubscribed }
                  : null,
              };
            }),
        };
      });
    },

    async setSubscription(userId, pageId, type, action, channel = 'facebook') {
      const page = await ownedPage(userId, pageId);
      const token = await tokenOf(userId, page);
      if (channel === 'instagram') return setInstagramSubscription(userId, page, token, type, action);
      const own = GRAPH_FIELDS_OF[type];
      let fields: string[];
      try {
        const current = await meta.graph.subscribedFields(pageId, token);
        fields = action === 'subscribe' ? [...new Set([...current, ...own])] : current.filter((item) => !own.includes(item));
        // The linked Instagram account's events still need the app on the page.
        if (fields.length === 0 && page.igSubscribed.length > 0) fields = [APP_ON_PAGE_FIELD];
        await meta.graph.setSubscribedFields(pageId, token, fields);
      } catch (error) {
        return graphFailure(error, userId, pageId);
      }
      const subscribed = uniqueActions(fields.flatMap((item) => ACTION_OF_FIELD.get(item) ?? []));
      await repo.setSubscribed(userId, pageId, subscribed, now());
      return subscribed;
    },

    async getManagers(userId, username, pageIds) {
      return (await repo.listManagers(userId, [...new Set(pageIds)])).map((row) => toPageManager(row, username));
    },

    async saveManager(userId, username, input) {
      const page = await ownedPage(userId, input.page_id);
      if (input.config_id !== null) await app.botConfigs.assertConfigOwned(userId, input.config_id);
      const fields = {
        pageName: page.name,
        files: input.files.map((file) => ({ collection_name: file.collection_name, file_name: file.file_name })),
        configId: input.config_id,
        action: uniqueActions(input.action),
        autoReply: input.auto_reply,
      };
      if (input.manager_id === undefined) return toPageManager(await repo.upsertManager(userId, page.pageId, fields, now()), username);
      const existing = await repo.findManager(userId, input.manager_id);
      if (!existing) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
      if (existing.pageId !== page.pageId) throw new AppError(400, 'BAD_REQUEST', 'A page manager cannot be moved to another page');
      const row = await repo.updateManager(userId, existing.id, page.pageId, fields, now());
      if (!row) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
      return toPageManager(row, username);
    },

    async deleteManager(userId, managerId) {
      if (!(await repo.deleteManager(userId, managerId))) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
    },

    async saveCollections(userId, pageIds, files) {
      const wanted = [...new Set(pageIds)];
      const pages = (await repo.listPages(userId)).filter((page) => wanted.includes(page.pageId));
      if (pages.length !== wanted.length) throw pageNotFound();
      const refs = files.map((file) => ({ collection_name: file.collection_name, file_name: file.file_name }));
      await repo.setManagerFiles(userId, pages.map((page) => ({ pageId: page.pageId, pageName: page.name })), refs, now());
    },

    async pageToken(userId, pageId) {
      return tokenOf(userId, await ownedPage(userId, pageId));
    },

    async flagReconnect(userId, pageId) {
      await repo.markNeedsReconnect(userId, pageId, now());
      const page = await repo.findPage(userId, pageId);
      await app.notifications.notify(userId, 'page_reconnect', { page_id: pageId, page_name: page?.name ?? pageId }, `page_reconnect:${userId}:${pageId}:${vietnamDate(now())}`);
    },

    async pageHealth(userId) {
      const pages = await repo.listPages(userId);
      return pages.map(healthOf(await botPauseOf(userId, pages)));
    },

    async pageHealthOf(userIds) {
      const pagesOf = new Map(userIds.map((userId): [string, FacebookPageRow[]] => [userId, []]));
      for (const page of await repo.listPagesOf(userIds)) pagesOf.get(page.userId)?.push(page);
      const at = now();
      const short = [...pagesOf].filter(([, pages]) => pausedForFunds(pages)).map(([userId]) => userId);
      const balances = short.length > 0 ? await app.ledger.balancesOf(short) : new Map<string, number>();
      return new Map([...pagesOf].map(([userId, pages]) => [userId, pages.map(healthOf(botPauseAt(at, balances.get(userId) ?? 0)))]));
    },
  };
  app.decorate('facebook', service);
}

export default fp(facebookServicePlugin, {
  name: 'facebook-service',
  fastify: '5.x',
  dependencies: ['clock', 'meta-app', 'notifications', 'facebook-repository', 'bot-config-service'],
});
